/**
 * A word's card, as the three players read it from the server: Spelling Bee (its sounds and
 * picture), Flashcard Master (every side of the card) and Record (the words to read and their
 * reference audio), and the practice of mistakes, which plays cards as Flashcard Master does.
 * Each query spreads `...WordCard_card` where it asks for words, and reads them with
 * `useWordCards`, so the players agree on what a card holds.
 */
import { useMemo } from 'react';
import { graphql, readInlineData } from 'react-relay/hooks';
import type { WordCard_card$data, WordCard_card$key } from './__generated__/WordCard_card.graphql';

export type WordCard = WordCard_card$data;

const wordCard = graphql`
  fragment WordCard_card on WordCard @inline {
    text
    partOfSpeech
    phonetic
    definition
    sentences
    pictureUrl
    audioUrl
    sentenceAudioUrl
  }
`;

export const readWordCard = (key: WordCard_card$key): WordCard => readInlineData(wordCard, key);

/** The cards of a query's answer, the same list while the answer is the same (the players' callbacks depend on it). */
export function useWordCards(keys: readonly WordCard_card$key[]): readonly WordCard[] {
  return useMemo(() => keys.map(readWordCard), [keys]);
}
