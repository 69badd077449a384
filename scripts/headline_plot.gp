# The headline picture (scripts/headline-plot.sh writes dir/headline-MODE.dat and
# calls this): one panel per counting mode, one cluster per case, one bar per
# backend (median; bars from the slowest to the fastest run).
#   gnuplot -e "dir='results/runs/RUN'; stamp='...'" scripts/headline_plot.gp
set datafile commentschars "#"
set encoding utf8
set terminal pngcairo size 1200,800 font "sans,10" noenhanced
set output dir."/headline.png"
set grid ytics
set key top left
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.75 border -1
set boxwidth 0.9
set ylabel "million nodes / s"
set yrange [0:*]
set multiplot layout 2,1 title "perft nodes per second per backend, one thread, no hashing, whole command (hyperfine over bin/perft: median, bars slowest..fastest run)\n".stamp
do for [mode in "bulk no-bulk"] {
    stats dir."/headline-".mode.".dat" using 2 nooutput
    set xrange [-0.6:STATS_records - 0.4]
    set title (mode eq "bulk" ? "bulk counting on" : "bulk counting off")
    plot dir."/headline-".mode.".dat" using 2:3:4:xtic(1) title "mailbox", \
         '' using 5:6:7 title "padded", \
         '' using 8:9:10 title "bitboard"
}
unset multiplot
