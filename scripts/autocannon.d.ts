// autocannon ships no types; the benchmark uses it loosely typed.
declare module 'autocannon' {
  const autocannon: (options: unknown) => any;
  export default autocannon;
}
