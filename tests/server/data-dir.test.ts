/**
 * DATA_DIR that cannot be written: said at start in one sentence; and a speech cache that cannot
 * be written (a full disk) still lets a student hear the word.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTts } from '../../server/speech/tts.ts';

describe('DATA_DIR', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'wordbee-datadir-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('that cannot be written stops the start with a sentence naming it', async () => {
    const file = path.join(root, 'not-a-folder');
    writeFileSync(file, '');
    const config = loadConfig({ DATA_DIR: file, JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', LOG_LEVEL: 'silent' });
    await expect(createApp(config, { database: {}, logger: pino({ level: 'silent' }) })).rejects.toThrow(
      new RegExp(`^DATA_DIR ${file} cannot be written \\((EEXIST|ENOTDIR)\\): give this user a folder it can write$`),
    );
  });

  it('a speech cache that cannot be written: the word is said all the same, and the problem logged once', async () => {
    const dir = path.join(root, 'cache-blocked');
    mkdirSync(dir);
    // The cache folder's place is taken by a file: nothing can be kept there.
    writeFileSync(path.join(dir, 'tts'), 'not a folder');
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
    const tts = createTts(dir, log);
    const first = await tts.speak({ text: 'elephant', voice: 'slt', speed: 1 });
    expect(first.bytes.length).toBeGreaterThan(10_000);
    expect((await tts.speak({ text: 'tiger', voice: 'slt', speed: 1 })).bytes.length).toBeGreaterThan(10_000);
    expect(warnings).toEqual(['speech cache cannot be written; speech is made again each time']);
  }, 60_000);
});
