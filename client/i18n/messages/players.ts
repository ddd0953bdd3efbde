/**
 * The practice screens around the practice (Spelling Bee, Flashcard Master, client/ui/player):
 * instructions, buttons, the status line and the end. The English of the status texts is the
 * spec's and stays exact ('Score: 1 of 1', 'score N of M. The test finished'); the Chinese shows
 * on its own line beside it. The practised words themselves stay English.
 */
import { defineMessages } from '../define';

export const players = defineMessages({
  // Before a task
  openSb: { zh: '请从任务列表打开一个拼写任务。', en: 'Open a Spelling Bee task from your task list.' },
  openFm: { zh: '请从任务列表打开一个闪卡任务。', en: 'Open a Flashcard Master task from your task list.' },
  goToTasks: { zh: '去我的任务', en: 'Go to my tasks' },
  wordOf: { zh: '第 {n} 个词，共 {total} 个', en: 'Word {n} of {total}' },
  words: { zh: '共 {n} 个词', en: '{n} words' },
  cardOf: { zh: '第 {n} 张卡，共 {total} 张', en: 'Card {n} of {total}' },
  cards: { zh: '共 {n} 张卡', en: '{n} cards' },
  sbHello: {
    zh: '{name}，你好！按“开始”键，听每个单词和它的句子，然后写出这个单词，按回车键。',
    en: 'Hello {name}! Press (Re)Begin, listen to each word and its sentence, then type the word and press Enter.',
  },
  hearWelcome: { zh: '听欢迎语', en: 'Hear the welcome' },
  picture: { zh: '单词的图片', en: 'A picture for the word' },
  secondsLeft: { zh: '还剩 {n} 秒', en: '{n} seconds left' },
  wordAudio: { zh: '单词的声音', en: 'Word audio' },
  yourSpelling: { zh: '你的拼写', en: 'Your spelling' },
  typeThenEnter: { zh: '写出单词，再按回车键', en: 'Type the word, then press Enter' },
  enterForNext: { zh: '按回车键，听下一个词', en: 'Press Enter for the next word' },
  // Buttons
  enter: { zh: '确定', en: 'Enter' },
  again: { zh: '再听一遍', en: 'Again' },
  cancelWord: { zh: '放弃这个词', en: 'Cancel word' },
  begin: { zh: '开始 / 重来', en: '(Re)Begin' },
  changeBackground: { zh: '换背景颜色', en: 'Change Background' },
  side: { zh: '翻面', en: 'Side' },
  flip: { zh: '把卡片翻过来', en: 'Flip the card' },
  skip: { zh: '跳过', en: 'Skip' },
  sendAgain: { zh: '再发送一次', en: 'Send again' },
  hearWord: { zh: '听单词', en: 'Hear the word' },
  letters: { zh: '{n} 个字母', en: '{n} letters' },
  whatWord: { zh: '这是什么单词？写出来。', en: 'What is this word? Type it.' },
  typeWordReturn: { zh: '写出单词，按回车键', en: 'Type the word then return' },
  // The status line (the English of each is the spec's or the players' fixed text)
  score: { zh: '得分：答对 {correct} 个，共 {total} 个', en: 'Score: {correct} of {total}' },
  ready: { zh: '准备好了：共 {n} 个词', en: 'Ready: {n} words' },
  timeUp: { zh: '“{word}”的时间到了', en: 'Time\'s up for "{word}"' },
  noSound: { zh: '没有声音：请检查网络，再按 🔊 再听一遍', en: 'No sound: check the connection, then press 🔊 Again' },
  sbEnd: { zh: '得分：答对 {correct} 个，共 {total} 个。拼写结束了', en: 'score {correct} of {total}. The test finished' },
  saving: { zh: '正在保存…', en: 'saving…' },
  previewNotSaved: { zh: '这是预览，没有保存', en: 'A preview: not saved' },
  nextTask: { zh: '下一个任务：{next}', en: 'Next task: {next}' },
  backSoon: { zh: '马上回到任务列表…', en: 'Back to Tasks in a moment…' },
  notSaved: { zh: '可是没有保存：{error}。请按“再发送一次”。', en: 'but it was not saved: {error}. Press Send again.' },
  fmScore: { zh: '得分：{correct}', en: 'Score: {correct}' },
  fmScoreOf: { zh: '得分：答对 {correct} 张，共 {total} 张', en: 'score {correct} of {total}' },
  fmEnd: { zh: '得分：答对 {correct} 张，共 {total} 张，做完了', en: 'score {correct} of {total}, done' },
  autoBack: { zh: '马上自动回到任务列表', en: 'Auto back to Task' },
  fmRight: { zh: '对了！{word}', en: '✔ {word}' },
  fmSkipped: { zh: '跳过了：{word}', en: 'Skipped: {word}' },
  fmWrong: { zh: '不对，应该是“{word}”', en: '✘ It is “{word}”' },
  typeFirst: { zh: '先写出单词，或者按“跳过”', en: 'Type the word first, or press Skip' },
  // The correction after each answer
  right: { zh: '对了', en: 'Right' },
  youTyped: { zh: '你写的是', en: 'You typed' },
  theWordIs: { zh: '正确的是', en: 'the word is' },
  skipped: { zh: '跳过了', en: 'Skipped' },
  canceled: { zh: '放弃了', en: 'Canceled' },
  timesUp: { zh: '时间到了', en: "Time's up" },
  // The end (spec section 8)
  wrongList: { zh: '拼错的单词（正确的单词，你的拼写；）', en: 'Wrong spell words list (correct word, wrong spell;)' },
  wrongListName: { zh: '拼错的单词', en: 'Wrong spell words list' },
  seeReport: { zh: '详细情况请看报告文件', en: 'Please refer to the report file for details' },
  // A teacher trying a task
  previewNote: { zh: '预览：你是老师，正在试做这个任务，答案不会保存', en: 'Preview: you are trying this task as a teacher; your answers are not saved' },
});
