import { useT } from '../i18n';
import { useLanguage } from './language';

/** 中文 | English: remembered in localStorage (language.ts); in the top bar on every page. */
export function LanguageToggle({ className = 'lang-toggle', compact = false }: { className?: string; compact?: boolean }) {
  const [lang, setLang] = useLanguage();
  const { t } = useT();
  return (
    <div className={className} role="group" aria-label={t('nav.language')}>
      <button type="button" lang="zh-CN" aria-pressed={lang === 'zh'} onClick={() => setLang('zh')}>
        中文
      </button>
      <button type="button" lang="en" aria-pressed={lang === 'en'} onClick={() => setLang('en')}>
        {compact ? 'EN' : 'English'}
      </button>
    </div>
  );
}
