# Median and least of a space-separated list of timings, for the scripts
# that keep each case's runs in one string: sourced (`. scripts/stats.sh`).
#   med "0.31 0.29 0.30"  -> 0.30 (the middle one; the upper middle of an even count)
#   min "0.31 0.29 0.30"  -> 0.29
med() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
min() { tr ' ' '\n' <<<"$1" | grep . | sort -n | head -n 1; }
