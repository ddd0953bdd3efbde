/**
 * The result-posting benchmark's students in a process of their own (bench/results-clients.ts):
 * reads a PostingRun as JSON on stdin, posts, and writes the PostingFigures as JSON on stdout.
 */
import { childMain } from './child.ts';
import { postResults } from './results-clients.ts';

await childMain(postResults);
