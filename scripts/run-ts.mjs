#!/usr/bin/env node
// Runs a TypeScript entry point in this process with tsx's loader (like `node --import tsx <file> args`), so the
// PID a caller starts is the program itself and signals reach it directly.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node scripts/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
await import('tsx');
const entry = resolve(file);
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
