/**
 * The class-load benchmark's students in a process of their own (bench/class-clients.ts): reads
 * the ClientsOptions as JSON on stdin, runs them, and writes the ClientsReport as JSON on stdout.
 */
import { text } from 'node:stream/consumers';
import { runStudents, type ClientsOptions } from './class-clients.ts';

const options = JSON.parse(await text(process.stdin)) as ClientsOptions;
process.stdout.write(JSON.stringify(await runStudents(options)));
