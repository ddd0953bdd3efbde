/**
 * The Dashboard (spec screen 7): a student's word-list meters and 'My Latest Scores', and the
 * teacher's live class view. What a meter counts follows server/results/dashboard.ts: words of
 * the level's list spelled right at least once in a National standards (NS2022) Spelling Bee
 * task; each list includes the lower levels' words.
 */
import { defineMessages } from '../define';

export const dashboard = defineMessages({
  title: { zh: '成绩', en: 'Dashboard' },

  // ---- the student's word lists
  wordsTitle: { zh: '我会拼的单词', en: 'My words' },
  wordsIntro: {
    zh: '每个进度条是一张单词表。在“国家标准”课本（NS2022）的拼写任务里拼对一个词，这个词就算“拼对了”，以后一直算。闪卡、跟读和别的课本的任务不算。',
    en: 'Each bar is one word list. A word counts as passed once you spell it right in a Spelling Bee task of the National standards book (NS2022), and it stays passed. Flashcards, pronunciation and other books do not count.',
  },
  levelFC: { zh: '图片单词', en: 'Flashcards' },
  levelES: { zh: '小学', en: 'Elementary school' },
  levelMS: { zh: '初中', en: 'Middle school' },
  levelHM: { zh: '高中必修', en: 'High school' },
  levelHSM: { zh: '高中选择性必修', en: 'High school selective' },
  listFC: { zh: '能用图片学的常用词（动物、颜色……）', en: 'Picture words (animals, colours…)' },
  listES: { zh: '小学要会的词', en: 'The primary school words' },
  listMS: { zh: '小学和初中的词', en: 'Primary and middle school words' },
  listHM: { zh: '小学、初中和高中必修的词', en: 'Words up to high school' },
  listHSM: { zh: '全部的词，包括高中选择性必修', en: 'All the words, high school selective too' },
  counts: { zh: '只算 NS2022 拼写任务里拼对的词', en: 'Only words spelled right in NS2022 Spelling Bee' },
  required: { zh: '一共', en: 'required' },
  passed: { zh: '拼对了', en: 'passed' },
  meterLabel: { zh: '{level}：{required} 个词拼对了 {passed} 个', en: '{level}: {passed} of {required} words passed' },
  toTasks: { zh: '去做任务', en: 'My tasks' },

  // ---- the student's scores chart
  scoresTitle: { zh: '我最近的成绩', en: 'My Latest Scores' },
  scoresIntro: {
    zh: '每个点是一个做完的任务，分数 0–100。蓝色粗线是你的得分，画在最上面；另外三条线是全班同一个任务的平均分、最高分和最低分。',
    en: "Each point is a finished task, scored 0–100. The thick blue line, drawn on top, is your score; the other three are the class's average, best and lowest on the same task.",
  },
  noScores: { zh: '还没有成绩：做完一个任务，成绩就会出现在这里。', en: 'No test results to show or DB issues' },
  legend: { zh: '图例', en: 'Legend' },
  myScore: { zh: '我的得分', en: 'My score' },
  classAverage: { zh: '全班平均', en: 'Class average' },
  classBest: { zh: '全班最高', en: 'Best in class' },
  classLowest: { zh: '全班最低', en: 'Lowest in class' },
  axisTask: { zh: '任务', en: 'testID' },
  axisScore: { zh: '分数', en: 'Score' },
  showNumbers: { zh: '显示分数表', en: 'Show the numbers' },
  hideNumbers: { zh: '隐藏分数表', en: 'Hide the numbers' },

  // ---- the teacher, no class selected
  teacherNoClass: { zh: '请先点击“班级”，用“选择班级”菜单选一个班级。', en: 'Click Classes, then SelectClass menu to select a class to work with' },
  teacherExplain: {
    zh: '选好班级后，这里实时显示每个学生的答题：答对 ✓、答错 ✗、做完的任务和分数。',
    en: "Once a class is selected, this page shows each student's answers as they give them: right ✓, wrong ✗, finished tasks and their scores.",
  },
  openClasses: { zh: '打开“班级”', en: 'Open Classes' },
  noSuchClass: { zh: '找不到这个班级。请到“班级”重新选择一个班级。', en: 'Go Classes menu and select a class to work with' },

  // ---- the live class view
  liveTitle: { zh: '实时成绩', en: 'Live class' },
  liveIntro: { zh: '班级 {name}：学生一答题，这里就显示（最近 24 小时）。', en: 'Class {name}: answers appear as students give them (the last 24 hours).' },
  live: { zh: '实时', en: 'live' },
  reconnecting: { zh: '正在重新连接…', en: 'reconnecting…' },
  exportCsv: { zh: '导出成绩（CSV 表格）', en: 'Export results (CSV)' },
  exportFailed: { zh: '导出失败', en: 'The export failed' },
  vocabularyNote: {
    zh: '学生的“我会拼的单词”只算“国家标准”课本（NS2022）拼写任务里拼对的词。想让它增长，就布置 NS2022 的拼写任务。',
    en: "Students' word lists only count words spelled right in Spelling Bee tasks of the National standards book (NS2022). Assign NS2022 Spelling Bee tasks to make them grow.",
  },
  openNational: { zh: '打开国家标准课本 NS2022', en: 'Open the National standards book' },
  booksFinished: { zh: '学完课本的学生', en: 'Books finished' },
  bookFinished: {
    zh: '{student} 学完了《{book}》的最后一个单元（{type} {unit}），请布置新的课本。',
    en: '{student} finished the last unit of {book} ({type} {unit}); assign a new book.',
  },
  openTextbooks: { zh: '打开“课本”', en: 'Open Textbooks' },
  answeringNow: { zh: '正在答题', en: 'answering now' },
  finishedATask: { zh: '做完了任务', en: 'finished a task' },
  noAnswersYetCount: { zh: '还没答题', en: 'no answers yet' },
  noStudentFound: { zh: '这个班没有名字含“{name}”的学生。', en: 'No student of this class has a name containing “{name}”.' },
  classTasks: { zh: '查看本班未完成的任务', en: "See the class's open tasks" },
  wordN: { zh: '第 {n} 个词', en: 'word {n}' },
  finishedTasks: { zh: '做完的任务：', en: 'Finished tasks:' },
  noAnswersYet: { zh: '还没有答题', en: 'No answers yet' },
  missed: { zh: '错词', en: 'missed' },
  practise: { zh: '要多练', en: 'practise' },
  bookDone: { zh: '学完了 {book}，请布置新的课本', en: 'Book {book} finished · assign a new book' },
});
