import { useState } from 'react';
import { T, useT } from '../../i18n';

/** The 16 background colours the players' Change Background control cycles through (spec section 9). */
const BACKGROUNDS = [
  '#FFF7D6',
  '#FFE4E6',
  '#E0F2FE',
  '#DCFCE7',
  '#F3E8FF',
  '#FEF3C7',
  '#CCFBF1',
  '#FCE7F3',
  '#E0E7FF',
  '#FFEDD5',
  '#ECFCCB',
  '#CFFAFE',
  '#FAE8FF',
  '#F5F5F4',
  '#FEF9C3',
  '#D1FAE5',
];

export function useBackground(): [string, () => void, number] {
  const [index, setIndex] = useState(0);
  return [BACKGROUNDS[index]!, () => setIndex((i) => (i + 1) % BACKGROUNDS.length), index];
}

export function ChangeBackground({ onClick, index }: { onClick: () => void; index: number }) {
  const { t } = useT();
  return (
    <button type="button" className="button small" onClick={onClick} title={t('players.changeBackground')}>
      🎨 <T k="players.changeBackground" /> <span className="hint">({index + 1}/16)</span>
    </button>
  );
}
