# The benchmark plots of one game, from the data files of a run:
#   gnuplot -e "dir='results/RUN'; game='chess'" scripts/bench_plots.gp
# writes into dir:
#   nps-GAME.png    whole-command Mnps per position and backend (hyperfine,
#                   median; error bars: min..max over runs), bulk on and off
#   micro-GAME.png  micro-benchmark rates per backend (median; min..max over
#                   rounds), log scale
#   depth-GAME.png  seconds of one perft per depth of the first position, log
#                   scale: each backend's cost ply by ply
# data/plot-GAME.gp (from scripts/bench_report.py) names the backends in the
# column order of every data file: three columns each, median, min, max.

load dir."/data/plot-".game.".gp"
nb = words(backends)
data(name) = dir."/data/".name."-".game.".dat"
have(file) = system("[ -f '".file."' ] && echo 1 || echo 0") + 0
Game = (game eq "chess") ? "Chess" : "Quaternity"

set datafile missing "-"
set datafile commentschars "#"
set encoding utf8
set terminal pngcairo size 1200,800 font "sans,10" noenhanced
set grid ytics
set key top right

# Column of backend i's median (its min and max follow).
med(i) = 3 * i - 1

# --- nodes per second, per position, bulk counting on and off -----------------
if (have(dir."/data/nps-".game."-bulk.dat")) {
    set output dir."/nps-".game.".png"
    set multiplot layout 2,1 title Game.": perft nodes per second, whole command (hyperfine over bin/perft; median, bars min..max)\nlabels: position, depth, nodes; \"start-up N%\" where process start-up is 20% or more of a backend's time\n".stamp
    set style data histogram
    set style histogram errorbars gap 1 lw 1
    set style fill solid 0.75 border -1
    set boxwidth 0.9
    set xtics rotate by -20 left
    set ylabel "million nodes / s"
    set yrange [0:*]
    do for [mode in "bulk nobulk"] {
        set title "bulk counting ".((mode eq "bulk") ? "on" : "off")
        file = dir."/data/nps-".game."-".mode.".dat"
        plot for [i=1:nb] file using med(i):med(i)+1:med(i)+2:xtic(1) title word(backends, i)
    }
    unset multiplot
    unset xtics
    set xtics
}

# --- micro-benchmarks ----------------------------------------------------------
if (have(data("micro"))) {
    set output dir."/micro-".game.".png"
    set title Game.": micro-benchmarks through the Backend interface (bin/bench; median, bars min..max over rounds)\n".stamp
    set style data histogram
    set style histogram errorbars gap 1 lw 1
    set style fill solid 0.75 border -1
    set logscale y
    set yrange [*:*]
    set ylabel "million moves or nodes / s (log scale)"
    plot for [i=1:nb] data("micro") using med(i):med(i)+1:med(i)+2:xtic(1) title word(backends, i)
    unset logscale y
}

# --- time per depth ------------------------------------------------------------
if (have(data("depth"))) {
    set output dir."/depth-".game.".png"
    set title Game.": time of one perft by depth, ".position." (bulk counting on; median, bars min..max over rounds)\n".stamp
    set style data yerrorlines
    set logscale y
    set format y "%.0s %cs"
    set yrange [*:*]
    set autoscale x
    set offsets 0.4, 0.4, 0, 0
    set xtics 1
    set ylabel "seconds (log scale)"
    set key top left
    set xlabel "depth (plies): nodes"
    plot for [i=1:nb] data("depth") using 1:med(i):med(i)+1:med(i)+2:xtic(stringcolumn(3 * nb + 2)) title word(backends, i) pointsize 1.2 lw 2
}
