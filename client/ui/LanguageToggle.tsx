import { useLanguage } from './language';

export function LanguageToggle() {
  const [lang, setLang] = useLanguage();
  return (
    <div className="lang-toggle" role="group" aria-label="Language">
      <button type="button" aria-pressed={lang === 'zh'} onClick={() => setLang('zh')}>
        中文
      </button>
      <button type="button" aria-pressed={lang === 'en'} onClick={() => setLang('en')}>
        English
      </button>
    </div>
  );
}
