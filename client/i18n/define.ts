/** The shape of a catalogue message, and the helper each area's file declares its messages with. */
export type Message = { zh: string; en: string };

/** Declares an area's messages, keeping their literal keys for the key type. */
export function defineMessages<const M extends Record<string, Message>>(messages: M): M {
  return messages;
}
