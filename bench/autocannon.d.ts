// autocannon ships no types; these are the parts the benchmark uses.
declare module 'autocannon' {
  interface Instance {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): Instance;
    on(event: 'done', listener: (result: { duration?: number }) => void): Instance;
    on(event: 'error', listener: (error: Error) => void): Instance;
  }
  const autocannon: (options: unknown) => Instance;
  export default autocannon;
}
