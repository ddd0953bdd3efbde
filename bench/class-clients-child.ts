/**
 * The class-load benchmark's students in a process of their own (bench/class-clients.ts): reads
 * the ClientsOptions as JSON on stdin, runs them, and writes the ClientsReport as JSON on stdout.
 */
import { childMain } from './child.ts';
import { runStudents } from './class-clients.ts';

await childMain(runStudents);
