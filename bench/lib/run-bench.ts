/** Runs a bench's main: an error it does not handle is printed and fails the run (exit 1) instead of hanging it. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
