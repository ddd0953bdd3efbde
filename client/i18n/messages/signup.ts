/** The Signup screen (engineer E). */
import { defineMessages } from '../define';

export const signup = defineMessages({
  title: { zh: '注册', en: 'Signup' },
  username: { zh: '用户名', en: 'Username' },
  password: { zh: '密码', en: 'Password' },
  email: { zh: '电子邮箱', en: 'Email' },
  asTeacher: { zh: '教师注册', en: 'Sign up as a teacher' },
  teachername: { zh: '老师的用户名', en: 'Teachername' },
  teachernamePlaceholder: { zh: '老师的用户名', en: "Your teacher's username" },
  classname: { zh: '班级名称', en: 'Classname' },
  classnamePlaceholder: { zh: '班级名称', en: 'Your class name' },
  whichName: { zh: '名单上哪个名字是你？', en: 'Which name on the class list is yours?' },
  chooseName: { zh: '请选择你的名字…', en: 'Choose your name…' },
  notListed: { zh: '我的名字不在名单上', en: 'My name is not on the list' },
  noNamesLeft: { zh: '名单上的名字都已被认领。', en: 'Every name on the list has been claimed.' },
  onlyListed: {
    zh: '这个班只接受名单上的学生：如果找不到你的名字，请告诉老师。',
    en: 'This class takes only the students on its list: if your name is missing, tell your teacher.',
  },
  joinAsUsername: { zh: '你将以用户名加入班级。', en: 'You will join the class under your username.' },
  classNotFound: {
    zh: '找不到这位老师的这个班级，请检查老师的用户名和班级名称。',
    en: 'No such class of this teacher: check the teacher’s username and the class name.',
  },
  pickName: { zh: '请在名单中选出你的名字', en: 'Choose your name from the class list' },
  submit: { zh: '注册', en: 'Signup' },
  signingUp: { zh: '正在注册…', en: 'Signing up…' },
  failed: { zh: '注册失败，请再试一次', en: 'Signing up failed; please try again' },
  goLogin: { zh: '去登录', en: 'Go to Login' },
});
