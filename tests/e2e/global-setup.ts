// Browser tests need the built client: build it once when missing or older than its sources.
import { ensureClientBuilt } from '../../server/client-build.ts';

export default async function setup() {
  await ensureClientBuilt();
}
