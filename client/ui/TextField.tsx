import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  /** Mandatory inputs have a red box (Help: 'Red boxes in forms mean mandatory'). */
  mandatory?: boolean;
  onValue: (value: string) => void;
};

export function TextField({ label, mandatory, onValue, className, ...input }: Props) {
  return (
    <label className="field">
      <span className="field-label">
        {label}
        {mandatory && <span className="mandatory-mark" aria-hidden="true"> *</span>}
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
      />
    </label>
  );
}
