import { beforeAll, describe, expect, it } from 'vitest';

// The language choice lives in localStorage and marks <html lang>: a stand-in for both.
(globalThis as any).localStorage ??= { getItem: () => null, setItem: () => {} };
(globalThis as any).document ??= { documentElement: {} };
let serverMessage: typeof import('../../client/ui/serverMessages.ts').serverMessage;
let loginSchema: typeof import('../../server/users/schemas.ts').loginSchema;
beforeAll(async () => {
  ({ serverMessage } = await import('../../client/ui/serverMessages.ts'));
  ({ loginSchema } = await import('../../server/users/schemas.ts'));
});

describe("the server's messages in Chinese", () => {
  it('gives a known sentence its Chinese, with the values the server put in it and its English beside', () => {
    expect(serverMessage('zh', 'Wrong username or password')).toBe('用户名或密码错误 · Wrong username or password');
    expect(serverMessage('zh', 'Teacher nobodyteacher not found')).toBe('找不到老师 nobodyteacher · Teacher nobodyteacher not found');
    expect(serverMessage('zh', 'Too many failed logins for this account; please wait 42 seconds and try again')).toMatch(
      /^登录失败次数太多，请等 42 秒再试 · /,
    );
    expect(serverMessage('zh', 'Student newkid signed up to class 三年级二班, please login')).toBe(
      '学生 newkid 已注册并加入班级 三年级二班，请登录 · Student newkid signed up to class 三年级二班, please login',
    );
  });

  it('names the roster name a pupil signed up as', () => {
    expect(serverMessage('zh', 'Student zhangwei01 signed up to class 三年级二班 as 张伟, please login')).toBe(
      '学生 zhangwei01 已注册，以“张伟”加入班级 三年级二班，请登录 · Student zhangwei01 signed up to class 三年级二班 as 张伟, please login',
    );
  });

  it('shows a sentence the server already said Chinese first as it is, in Chinese mode', () => {
    const roster = '名单上没有“张伟” · 张伟 is not on the roster of 三年级二班';
    expect(serverMessage('zh', roster, 'NotFoundError')).toBe(roster);
    expect(serverMessage('en', roster, 'NotFoundError')).toBe(roster);
  });

  it("says in Chinese why a login ended and what the account page's calls answered", () => {
    // server/users/service.ts, LOGIN_ENDED.
    const LOGIN_ENDED = 'This login has ended (logged out, or the password was changed), please log in again';
    expect(serverMessage('zh', LOGIN_ENDED)).toBe(`这次登录已结束（已退出或密码已修改），请重新登录 · ${LOGIN_ENDED}`);
    expect(serverMessage('zh', 'Current password is wrong', 'ValidationError')).toBe('当前密码不对 · Current password is wrong');
    expect(serverMessage('zh', 'Password is wrong', 'ValidationError')).toBe('密码不对 · Password is wrong');
  });

  it('names the field in Chinese in the shared validation messages', () => {
    const parsed = loginSchema.safeParse({ username: 'abc', password: 'abcd' });
    expect(parsed.success).toBe(false);
    expect(serverMessage('zh', parsed.error!.issues[0]!.message)).toBe('用户名至少要 4 个字符 · Username must be at least 4 characters');
    expect(serverMessage('zh', 'Password must be at most 30 characters')).toBe('密码最多 30 个字符 · Password must be at most 30 characters');
  });

  it('falls back to the error type, then to a generic Chinese line, keeping the English', () => {
    expect(serverMessage('zh', 'Something new went wrong', 'ForbiddenError')).toBe('你没有权限这样做 · Something new went wrong');
    expect(serverMessage('zh', 'Something new went wrong')).toBe('操作没有完成，服务器的说明 · Something new went wrong');
  });

  it('shows the English alone in English mode', () => {
    expect(serverMessage('en', 'Wrong username or password')).toBe('Wrong username or password');
  });
});
