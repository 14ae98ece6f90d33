// The baseline of the CLI benchmark (bench/run.ts): what any Node program pays to read an opcodes body, `fetch` plus
// `JSON.parse`, in a fresh process. `node bench/fetch-parse.mjs URL` prints the steps and body bytes.
const response = await fetch(process.argv[2]);
const text = await response.text();
const body = JSON.parse(text);
process.stdout.write(`steps=${body.opcodes.length} bytes=${Buffer.byteLength(text)}\n`);
