import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: ReactNode;
  /** Mandatory inputs have a red box (Help: 'Red boxes in forms mean mandatory'). */
  mandatory?: boolean;
  onValue: (value: string) => void;
  /**
   * The field is a comma-separated list: a pasted column (names copied from a spreadsheet or a
   * chat, one per line) becomes "Amy, Bob, Cathy" instead of running together.
   */
  commaList?: boolean;
};

export function TextField({ label, mandatory, onValue, className, commaList, ...input }: Props) {
  return (
    <label className="field">
      <span className="field-label">
        {label}
        {mandatory && (
          <span className="mandatory-mark" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      <input
        maxLength={30}
        {...input}
        aria-required={mandatory || undefined}
        className={`input${mandatory ? ' mandatory' : ''}${className ? ` ${className}` : ''}`}
        onChange={(e) => {
          e.target.removeAttribute('aria-invalid');
          onValue(e.target.value);
        }}
        onPaste={
          commaList
            ? (e) => {
                const pasted = e.clipboardData.getData('text');
                if (!/[\r\n\t]/.test(pasted)) return;
                e.preventDefault();
                const items = pasted
                  .split(/[\r\n\t]+/)
                  .map((s) => s.trim())
                  .filter(Boolean)
                  .join(', ');
                const el = e.currentTarget;
                const before = el.value.slice(0, el.selectionStart ?? el.value.length);
                const after = el.value.slice(el.selectionEnd ?? el.value.length);
                const joint = before.trim() && !/[,，;]\s*$/.test(before) ? ', ' : '';
                onValue(`${before}${joint}${items}${after}`);
              }
            : undefined
        }
      />
    </label>
  );
}
