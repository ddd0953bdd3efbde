/** The task list (engineer E; the 'last task' banner is engineer D's, in its own area). */
import { defineMessages } from '../define';

export const tasks = defineMessages({
  title: { zh: '任务', en: 'Tasks' },
  openHint: { zh: '点击“类型”一格（SB、FM 或 PA）开始做任务。', en: 'Click the Type cell (SB, FM or PA) to do the task.' },
  removeHint: { zh: '点击 X 一格删除任务。', en: 'Click the X cell to remove the task.' },
  showingClass: { zh: '显示班级 {name}。', en: 'Showing class {name}.' },
  showingAll: { zh: '显示你的所有班级。', en: 'Showing all your classes.' },
  student: { zh: '学生', en: 'student' },
  bookUnit: { zh: '课本单元', en: 'bookUnitID' },
  tpid: { zh: '布置编号', en: 'TPID' },
  type: { zh: '类型', en: 'Type' },
  dueBy: { zh: '截止日期', en: 'dueBy' },
  remove: { zh: '删除', en: 'Remove' },
  removeColumn: { zh: '删除', en: 'X' },
  overdue: { zh: '已过期', en: 'overdue' },
  open: { zh: '打开 {type} {unit}', en: 'Open {type} {unit}' },
  removeLabel: { zh: '删除 {student} 的 {type} {unit}', en: 'Remove {type} {unit} of {student}' },
  removing: { zh: '正在删除 {student} 的 {type} {unit}…', en: 'Removing {type} {unit} of {student}…' },
  removed: { zh: '已删除 {student} 的 {type} {unit}', en: 'Removed {type} {unit} of {student}' },
  removeFailed: { zh: '未能删除任务', en: 'The task could not be removed' },
  restoreFailed: { zh: '未能恢复任务', en: 'The task could not be put back' },
  undo: { zh: '撤销', en: 'Undo' },
  noneForSearch: { zh: '没有名字含“{name}”的学生的任务。', en: 'No open tasks of a student whose name contains “{name}”.' },
  noneClass: { zh: '没有未完成的任务。打开“课本”，点击一个单元来布置任务。', en: 'No open tasks. Open Textbooks and click a unit to assign one.' },
  noneTeacher: {
    zh: '没有未完成的任务。请到“班级”选择一个班级，再打开“课本”点击单元布置任务。',
    en: 'No open tasks. Go Classes menu and select a class, then open Textbooks and click a unit to assign one.',
  },
  noneStudent: { zh: '现在没有任务，真棒！🐝', en: 'No tasks right now. Well done! 🐝' },
  showMore: { zh: '显示更多任务（已显示 {n} 个）', en: 'Show more tasks ({n} shown)' },
  // A phone's card: the Chinese sentence names the unit; the English under it (in Chinese mode) is short.
  cardSentenceOwn: { zh: '{kind}：{unit}，{due} 前完成', en: '{kind} of {unit}, due by {due}' },
  cardSentence: { zh: '{student} 的{kind}：{unit}，{due} 前完成', en: '{student}: {kind} of {unit}, due by {due}' },
  cardShortOwn: { zh: '{kind}，{due} 前完成', en: '{kind}, due by {due}' },
  cardShort: { zh: '{student} 的{kind}，{due} 前完成', en: '{student}: {kind}, due by {due}' },
});
