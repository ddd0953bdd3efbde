/**
 * Encodes mono audio as Opus in the two containers browsers produce and play: Ogg (Firefox) and
 * WebM (Chrome). At a browser recorder's bitrate (16 kbit/s, the spec's constant) the evaluation
 * and the tests make recordings like the ones students upload: the encoder is set as Chromium's
 * MediaRecorder sets it (read off its recordings: full-band hybrid packets of 60 ms, the "audio"
 * application), and on the learner sample these recordings score like ones Chromium made. The
 * server sends spoken words this way too (server/speech/tts.ts, `format=opus`): a tenth of the WAV.
 */
import OpusScript from 'opusscript';
import { BufferTarget, EncodedAudioPacketSource, EncodedPacket, OggOutputFormat, Output, WebMOutputFormat } from 'mediabunny';
import { resample } from './pa/audio.ts';

const RECORDER_BITRATE = 16_000;

export async function encodeOpus(samples: Float32Array, sampleRate: number, container: 'ogg' | 'webm', bitrate = RECORDER_BITRATE): Promise<Uint8Array> {
  const pcm = resample(samples, sampleRate, 48_000);
  const encoder = new OpusScript(48_000, 1, OpusScript.Application.AUDIO);
  encoder.setBitrate(bitrate);
  const preSkip = 312;
  const head = new Uint8Array(19);
  head.set(new TextEncoder().encode('OpusHead'));
  const view = new DataView(head.buffer);
  head[8] = 1; // version
  head[9] = 1; // channels
  view.setUint16(10, preSkip, true);
  view.setUint32(12, 48_000, true);
  const output = new Output({ format: container === 'ogg' ? new OggOutputFormat() : new WebMOutputFormat(), target: new BufferTarget() });
  const source = new EncodedAudioPacketSource('opus');
  output.addAudioTrack(source);
  await output.start();
  const frame = 2880; // 60 ms, as Chromium packs its MediaRecorder's Opus
  const buffer = Buffer.alloc(frame * 2);
  try {
    for (let at = 0, n = 0; at < pcm.length; at += frame, n++) {
      buffer.fill(0);
      for (let i = 0; i < frame && at + i < pcm.length; i++) {
        buffer.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(pcm[at + i]! * 32767))), i * 2);
      }
      const data = new Uint8Array(encoder.encode(buffer, frame));
      const packet = new EncodedPacket(data, 'key', (n * frame) / 48_000, frame / 48_000);
      await source.add(packet, n === 0 ? { decoderConfig: { codec: 'opus', numberOfChannels: 1, sampleRate: 48_000, description: head } } : undefined);
    }
  } finally {
    encoder.delete();
  }
  await output.finalize();
  return new Uint8Array((output.target as BufferTarget).buffer!);
}
