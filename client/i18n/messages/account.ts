/** The Account page (/account): change the password, log out everywhere, delete the account. */
import { defineMessages } from '../define';

export const account = defineMessages({
  signedInAs: { zh: '当前登录：{name}', en: 'Signed in as {name}' },
  changeTitle: { zh: '修改密码', en: 'Change password' },
  changeHint: { zh: '修改后，其他设备上的登录都会退出；这台设备保持登录。', en: 'Your other devices are logged out; this one stays logged in.' },
  oldPassword: { zh: '当前密码', en: 'Current password' },
  newPassword: { zh: '新密码（至少 4 个字符）', en: 'New password (at least 4 characters)' },
  repeatPassword: { zh: '再输入一次新密码', en: 'New password again' },
  mismatch: { zh: '两次输入的新密码不一样', en: 'The two new passwords differ' },
  change: { zh: '修改密码', en: 'Change password' },
  changing: { zh: '正在修改…', en: 'Changing…' },
  changed: { zh: '密码已修改，其他设备已退出登录', en: 'Password changed; your other devices are logged out' },
  everywhereTitle: { zh: '退出所有设备', en: 'Log out everywhere' },
  everywhereHint: {
    zh: '在所有电脑、手机上退出这个账户，包括这台设备（例如在别人的电脑上忘了退出）。',
    en: 'Ends every login of this account, this device included (e.g. after forgetting to log out on another computer).',
  },
  everywhere: { zh: '退出所有设备', en: 'Log out everywhere' },
  deleteTitle: { zh: '删除账户', en: 'Delete my account' },
  deleteWarningTeacher: {
    zh: '警告：账户将被永久删除，无法恢复。你的所有班级、名单、布置的任务、学生在这些班级里的成绩和报告、自己导入的课本、对接令牌和 Webhook 都会一起删除。学生自己的账户会保留。',
    en: "Warning: the account is deleted for good and cannot be restored. All your classes, rosters and tasks, your students' results and reports in them, your own textbooks, integration tokens and webhooks go with it. Your students' own accounts stay.",
  },
  deleteWarningStudent: {
    zh: '警告：账户将被永久删除，无法恢复。你的所有答案、成绩、报告、录音和单词记忆都会一起删除；你在班级名单上的名字会空出来。',
    en: 'Warning: the account is deleted for good and cannot be restored. All your answers, results, reports, recordings and word memory go with it; your name on the class roster is freed.',
  },
  deletePassword: { zh: '输入密码以确认', en: 'Type your password to confirm' },
  deleteButton: { zh: '永久删除我的账户', en: 'Delete my account for good' },
  deleteConfirm: { zh: '确定要永久删除账户 {name} 吗？此操作无法撤销。', en: 'Delete the account {name} for good? This cannot be undone.' },
  deleting: { zh: '正在删除…', en: 'Deleting…' },
  failed: { zh: '没有完成，请再试一次', en: 'That did not work; please try again' },
});
