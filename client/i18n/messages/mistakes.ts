/** My mistakes (我的错题本) and the Tasks page's last-task banner. */
import { defineMessages } from '../define';

export const mistakes = defineMessages({
  intro: {
    zh: '做错、跳过、超时或答得慢的单词都在这里。以后答对两次，它就会离开错题本。',
    en: 'Words you got wrong, skipped, ran out of time on or answered slowly. A word leaves once you get it right twice more.',
  },
  none: { zh: '错题本是空的，真棒！', en: 'No mistakes to practise. Well done!' },
  practise: { zh: '练习这些单词', en: 'Practise these' },
  count: { zh: '共 {n} 个单词', en: '{n} words' },
  missed: { zh: '错了 {n} 次', en: 'missed {n}×' },
  lastWrong: { zh: '上次写成', en: 'last written' },
  noSpelling: { zh: '没有写', en: 'nothing typed' },
  hear: { zh: '听 {word}', en: 'Hear {word}' },
  backToList: { zh: '回到错题本', en: 'Back to my mistakes' },
  practiceNote: { zh: '自己的练习：不算作业，不计成绩。', en: 'Your own practice: not a task, no score is kept.' },
  notSaved: { zh: '练习没有保存', en: 'The practice was not saved' },
  link: { zh: '我的错题本', en: 'My mistakes' },
  lastTask: { zh: '上次任务：{total} 个词答对 {correct} 个', en: 'Last task: {correct} of {total}' },
  lastTaskMissed: { zh: '错词：{words}', en: 'missed: {words}' },
  lastTaskAllRight: { zh: '全对！', en: 'all right!' },
  backToTasks: { zh: '返回任务列表', en: 'Back to my tasks' },
  teacherNone: { zh: '错题本是学生自己的。', en: 'My mistakes belong to each student.' },
});
