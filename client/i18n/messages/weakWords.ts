/** The class's weak words (班级易错词) on the teacher's dashboard. */
import { defineMessages } from '../define';

export const weakWords = defineMessages({
  title: { zh: '班级易错词', en: 'Weak words of the class' },
  intro: {
    zh: '{className} 的学生做错、跳过或超时的单词。做错的人越多，排得越前。',
    en: 'Words students of {className} got wrong, skipped or ran out of time on. The words most students missed come first.',
  },
  period: { zh: '时间', en: 'Period' },
  week: { zh: '本周', en: 'This week' },
  term: { zh: '本学期', en: 'This term' },
  since: { zh: '从 {date} 起', en: 'since {date}' },
  none: { zh: '这段时间还没有人做错单词。', en: 'No words were missed in this period.' },
  students: { zh: '{n} 个学生做错', en: 'missed by {n} students' },
  oneStudent: { zh: '1 个学生做错', en: 'missed by 1 student' },
  times: { zh: '共错 {n} 次', en: '{n} misses' },
  once: { zh: '共错 1 次', en: '1 miss' },
  spellings: { zh: '常见错拼', en: 'Common wrong spellings' },
  noSpelling: { zh: '没有写拼写（跳过或超时）', en: 'no spelling typed (skipped or time ran out)' },
  who: { zh: '谁做错了', en: 'Who missed it' },
  hear: { zh: '听 {word}', en: 'Hear {word}' },
  assign: { zh: '布置这些词（{n} 个）', en: 'Assign these words ({n})' },
  assignNote: {
    zh: '这些词会成为本班“易错词”课本里的一个新单元，像课本单元一样布置给全班。',
    en: 'The words become a new unit of the class’s own “Weak words” book, assigned to the whole class like any textbook unit.',
  },
  assigning: { zh: '正在布置…', en: 'Assigning…' },
  assigned: { zh: '已布置给全班：学生在任务列表里能看到。', en: 'Assigned to the class: the students find it in their tasks.' },
  seeTasks: { zh: '查看班级任务', en: 'See the class’s tasks' },
  notAssigned: { zh: '没有布置成功', en: 'The words could not be assigned' },
});
