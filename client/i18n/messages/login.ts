/** The Login screen (spec screen 4). */
import { defineMessages } from '../define';

export const login = defineMessages({
  title: { zh: '登录', en: 'Login' },
  username: { zh: '用户名', en: 'Username' },
  password: { zh: '密码', en: 'Password' },
  submit: { zh: '登录', en: 'Login' },
  loggingIn: { zh: '正在登录…', en: 'Logging in…' },
  expired: { zh: '登录已过期，请重新登录', en: 'Your login expired, please log in again' },
  toOpen: { zh: '请先登录，再打开 {page}。', en: 'Please log in to open {page}.' },
  newHere: { zh: '第一次来？注册一个账号', en: 'New here? Sign up' },
  demo: { zh: '试用：{teacher} 或 {student}（密码与用户名相同）', en: 'Or try {teacher} or {student} (password = username)' },
  failed: { zh: '登录失败，请再试一次', en: 'Logging in failed; please try again' },
});
