/** Words every screen uses. */
import { defineMessages } from '../define';

export const common = defineMessages({
  loading: { zh: '加载中…', en: 'Loading…' },
  save: { zh: '保存', en: 'Save' },
  cancel: { zh: '取消', en: 'Cancel' },
  close: { zh: '关闭', en: 'Close' },
  tryAgain: { zh: '再试一次', en: 'Try again' },
  showMore: { zh: '显示更多', en: 'Show more' },
  listen: { zh: '听一听', en: 'Listen' },
  spellingBee: { zh: '拼写', en: 'Spelling Bee' },
  flashcardMaster: { zh: '闪卡', en: 'Flashcard Master' },
  pronunciation: { zh: '跟读', en: 'Pronunciation' },
});
