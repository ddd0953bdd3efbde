/** The top bar and the shell around every page (client/ui/NavBar, App, ExpiryWarning, ErrorBoundary). */
import { defineMessages } from '../define';

export const nav = defineMessages({
  home: { zh: '首页', en: 'Home' },
  classes: { zh: '班级', en: 'Classes' },
  textbooks: { zh: '教材', en: 'Textbooks' },
  listening: { zh: '听力', en: 'Listening' },
  tasks: { zh: '任务', en: 'Tasks' },
  dashboard: { zh: '成绩', en: 'Dashboard' },
  signup: { zh: '注册', en: 'Signup' },
  help: { zh: '帮助', en: 'Help' },
  login: { zh: '登录', en: 'Login' },
  logout: { zh: '退出', en: 'Logout' },
  pronunciation: { zh: '跟读', en: 'Pronunciation' },
  paDocs: { zh: '跟读评分说明', en: 'Pronunciation Assessment' },
  primaryAudio: { zh: '小学课本音频', en: 'Primary textbook audio' },
  middleAudio: { zh: '初中课本音频', en: 'Middle school textbook audio' },
  highAudio: { zh: '高中课本音频', en: 'High school textbook audio' },
  spellingBee: { zh: '拼写', en: 'Spelling Bee' },
  flashcardMaster: { zh: '闪卡', en: 'Flashcard Master' },
  mistakes: { zh: '我的错题本', en: 'My mistakes' },
  account: { zh: '账户', en: 'Account' },
  accountOpen: { zh: '账户：修改密码、退出所有设备、删除账户', en: 'Account: change password, log out everywhere, delete account' },
  // The spec's bar texts ('Please Login', a welcome with the username and the selected class).
  pleaseLogin: { zh: '请登录', en: 'Please Login' },
  welcome: { zh: '欢迎 {name}', en: 'Welcome {name}' },
  welcomeClass: { zh: '欢迎 {name} · {className}', en: 'Welcome {name} · {className}' },
  welcomeNoClass: { zh: '欢迎 {name} · 未选择班级', en: 'Welcome {name} · no class selected' },
  skip: { zh: '跳到正文', en: 'Skip to content' },
  menu: { zh: '菜单', en: 'Menu' },
  mainMenu: { zh: '主菜单', en: 'Main' },
  language: { zh: '语言', en: 'Language' },
});

export const app = defineMessages({
  notFoundTitle: { zh: '页面不存在', en: 'Page not found' },
  notFoundBody: { zh: '{path} 这个地址没有页面。', en: 'There is no page at {path}.' },
  goHome: { zh: '返回首页', en: 'Go to the home page' },
  teachersOnlyTitle: { zh: '仅限教师', en: 'Teachers only' },
  teachersOnlyBody: { zh: '{page} 页面只供老师使用。你的任务在“任务”页。', en: 'The {page} page is for teachers. Your tasks are waiting on the Tasks page.' },
  goToTasks: { zh: '我的任务', en: 'Go to my tasks' },
  // useLeaveGuard (a player's task left half done)
  leaveQuestion: { zh: '要离开这个任务吗？已经做的部分会丢掉。', en: 'Leave this task? What you have done so far will be lost.' },
  // ExpiryWarning
  expiresSoon: {
    zh: '登录将在 {minutes} 分钟后过期：请完成并保存当前的练习，然后重新登录',
    en: 'Your login expires in {minutes} minutes: finish and save what you are doing, then log in again',
  },
  expiresInOne: {
    zh: '登录将在 1 分钟后过期：请完成并保存当前的练习，然后重新登录',
    en: 'Your login expires in 1 minute: finish and save what you are doing, then log in again',
  },
  expiresNow: {
    zh: '登录将在 1 分钟内过期：请完成并保存当前的练习，然后重新登录',
    en: 'Your login expires in less than a minute: finish and save what you are doing, then log in again',
  },
  stayLoggedIn: { zh: '保持登录', en: 'Stay logged in' },
  renewing: { zh: '正在续期…', en: 'Renewing…' },
  renewFailed: { zh: '无法续期登录，请重新登录', en: 'The login could not be renewed' },
  pleaseLogInAgain: { zh: '请重新登录', en: 'Please log in again' },
  // The task list's token line (spec section 4: 'user auth will expire in N minutes').
  authExpiresIn: { zh: '登录将在 {minutes} 分钟后过期', en: 'user auth will expire in {minutes} minutes' },
  // ErrorBoundary ('Caught error as below:' is the spec's panel title).
  caughtError: { zh: '出错了，详情如下：', en: 'Caught error as below:' },
  cannotShow: { zh: '无法显示此页', en: 'This page cannot be shown' },
  backToTasks: { zh: '返回任务列表', en: 'Back to my tasks' },
  loadFailed: { zh: '无法加载此页，请检查网络后重试。', en: 'This page could not be loaded. Check the connection and try again.' },
  stillOffline: { zh: '仍未联网：请连上网络，再点“重试”。', en: 'Still offline: connect to the internet, then press Try again.' },
  serverDown: {
    zh: '无法连接 WordBee 服务器：请检查网络（学校 Wi-Fi？）。服务器恢复后本页会自动重新加载。',
    en: 'The WordBee server does not answer: check the connection (school Wi-Fi?). This page loads again by itself once it does.',
  },
  // StudentSearch
  findStudent: { zh: '查找学生', en: 'Find a student' },
  findStudentExample: { zh: '例如 张伟', en: 'e.g. ZhangWei' },
});
