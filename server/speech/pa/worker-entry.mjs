// Worker-thread entry: registers tsx for this thread (workers do not inherit the main thread's
// loader hooks in every setup, e.g. under vitest), then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
