// The median the benchmarks compare runs by: one noisy run on a busy machine moves it less than a
// mean or a best run.

/** The middle value of xs (the mean of the two middle ones when their number is even). */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
