// The module generated at build time by scripts/vscode-real/esbuild-test-files.mjs.
declare module 'virtual:vscode-test-files' {
  const testFiles: ReadonlyArray<{ file: string; load: () => Promise<unknown> }>;
  export default testFiles;
}
