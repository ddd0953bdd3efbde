// Imported first by main.tsx: zod must not probe `new Function` (its JIT), which the
// Content-Security-Policy (no 'unsafe-eval') reports as a violation on every page.
import { z } from 'zod';

z.config({ jitless: true });
