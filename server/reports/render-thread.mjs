// Worker-thread entry of the report renderer (render-pool.ts): registers tsx for this thread
// (workers do not inherit the main thread's loader hooks in every setup, e.g. under vitest),
// then renders one report a call, its bytes moved to the caller rather than copied.
import { register } from 'tsx/esm/api';
import { move } from 'piscina';

register();
const { renderReportPdf } = await import('./pdf.ts');

export default async function render(content) {
  const pdf = await renderReportPdf(content);
  const bytes = new Uint8Array(pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength));
  return move(bytes);
}
