/** Real names on the roster: a student claims theirs at signup; the teacher reads it everywhere and can release a wrong claim. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/databases.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { rosterEntries } from '../../../db/schema.ts';

describe.each(DATABASES)('roster names on %s', (kind) => {
  let server: TestServer;
  let teacher: string;
  beforeAll(async () => {
    server = await startServer(kind);
    await server.post('/api/v1.0/username/signup', { username: 'wangli', password: 'wang1', email: 'wang@school.cn', isTeacher: true });
    teacher = (await server.login('wangli', 'wang1')).accessToken;
  });
  afterAll(() => server?.close());

  const signup = (username: string, rostername?: string, classname = '三年级二班') =>
    server.gql('mutation ($i: SignupInput!) { signup(input: $i) { __typename ... on SignupPayload { info } ... on Error { message } } }', {
      i: { username, password: 'pass1', email: `${username}@home.cn`, isTeacher: false, teachername: 'wangli', classname, rostername },
    });
  const free = async (classname = '三年级二班') =>
    (await server.gql('query ($c: String!) { signupRoster(teachername: "WangLi", classname: $c) { names joinWithoutRoster } }', { c: classname })).body.data
      .signupRoster;
  const roster = async (name = '三年级二班') =>
    (await server.gql('query ($n: String!) { viewer { class(name: $n) { roster { name username displayName } } } }', { n: name }, teacher)).body.data.viewer
      .class.roster;
  const release = (name: string, className = '三年级二班') =>
    server.gql(
      `mutation ($i: ReleaseRosterNameInput!) { releaseRosterName(input: $i) { __typename ... on Error { message } } }`,
      { i: { className, name } },
      teacher,
    );

  it('a student claims a listed name, and the teacher reads it on the roster and in the task list', async () => {
    const added = await server.gql(
      'mutation ($i: AddClassInput!) { addClass(input: $i) { __typename ... on ClassPayload { class { students } } ... on Error { message } } }',
      { i: { className: '三年级二班', schoolId: 'ES', pressId: 'PEP', students: '张伟, 李娜, Zhang Wei' } },
      teacher,
    );
    expect(added.body.data.addClass).toEqual({ __typename: 'ClassPayload', class: { students: ['张伟', '李娜', 'Zhang Wei'] } });
    expect(await free()).toEqual({ names: ['张伟', '李娜', 'Zhang Wei'], joinWithoutRoster: true });
    expect(await server.gql('{ signupRoster(teachername: "wangli", classname: "No such class") { names } }')).toMatchObject({
      status: 200,
      body: { data: { signupRoster: null } },
    });
    await server.post('/api/v1.0/usertasks/assigntask', { className: '三年级二班', bookUnitID: 'NS2022-ES1', Type: 'SB' }, { 'x-access-token': teacher });

    expect((await signup('zhangwei01', '张伟')).body.data.signup).toEqual({
      __typename: 'SignupPayload',
      info: 'Student zhangwei01 signed up to class 三年级二班 as 张伟, please login',
    });
    expect(await free()).toEqual({ names: ['李娜', 'Zhang Wei'], joinWithoutRoster: true });
    expect(await roster()).toEqual([
      { name: '张伟', username: 'zhangwei01', displayName: '张伟 (zhangwei01)' },
      { name: '李娜', username: null, displayName: '李娜' },
      { name: 'Zhang Wei', username: null, displayName: 'Zhang Wei' },
    ]);
    const tasks = await server.gql('{ viewer { tasks(first: 10) { edges { node { student studentUsername studentDisplayName } } } } }', {}, teacher);
    expect(tasks.body.data.viewer.tasks.edges.map((e: any) => e.node)).toContainEqual({
      student: '张伟',
      studentUsername: 'zhangwei01',
      studentDisplayName: '张伟 (zhangwei01)',
    });
    // The student finds the class's task waiting; REST keeps its shape (student: the roster name).
    const own = (await server.get('/api/v1.0/usertasks', { 'x-access-token': (await server.login('zhangwei01', 'pass1')).accessToken })).body;
    expect(own[0]).toMatchObject({ student: '张伟', bookUnitID: 'NS2022-ES1', Type: 'SB' });
    // The teacher finds the student by the username too.
    const found = await server.gql('{ viewer { tasks(first: 10, student: "ZHANGWEI0") { edges { node { student } } } } }', {}, teacher);
    expect(found.body.data.viewer.tasks.edges).toEqual([{ node: { student: '张伟' } }]);
  });

  it('refuses a name taken twice or not listed, and a class that takes only listed students', async () => {
    const before = (await server.app.deps.db.select().from(rosterEntries)).length;
    expect((await signup('lina2025', '张伟')).body.data.signup).toEqual({
      __typename: 'ConflictError',
      message: '“张伟”已被另一位同学认领，请告诉老师 · 张伟 has already been claimed by another student: please tell your teacher',
    });
    expect((await signup('lina2025', '王芳')).body.data.signup).toEqual({
      __typename: 'NotFoundError',
      message: '三年级二班 的名单上没有“王芳” · 王芳 is not on the roster of class 三年级二班',
    });
    const closed = await server.gql(
      `mutation { setJoinWithoutRoster(input: {className: "三年级二班", allowed: false}) { __typename ... on ClassPayload { class { joinWithoutRoster } } } }`,
      {},
      teacher,
    );
    expect(closed.body.data.setJoinWithoutRoster).toEqual({ __typename: 'ClassPayload', class: { joinWithoutRoster: false } });
    expect((await signup('lina2025')).body.data.signup.__typename).toBe('ValidationError');
    expect((await server.app.deps.db.select().from(rosterEntries)).length).toBe(before);
    expect((await server.post('/api/v1.0/username/login', { username: 'lina2025', password: 'pass1' })).status).toBe(401);
    await server.gql(`mutation { setJoinWithoutRoster(input: {className: "三年级二班", allowed: true}) { __typename } }`, {}, teacher);
    // Allowed again: a student not on the list joins under their username.
    expect((await signup('newkid01')).body.data.signup.__typename).toBe('SignupPayload');
    expect((await roster()).at(-1)).toEqual({ name: 'newkid01', username: 'newkid01', displayName: 'newkid01' });
  });

  it('releases a wrong claim: the name is free again, the account stays in the class under its username', async () => {
    expect((await signup('lina2025', 'Zhang Wei')).body.data.signup.__typename).toBe('SignupPayload');
    expect((await release('Zhang Wei')).body.data.releaseRosterName).toEqual({ __typename: 'ClassPayload' });
    expect(await roster()).toContainEqual({ name: 'Zhang Wei', username: null, displayName: 'Zhang Wei' });
    expect(await roster()).toContainEqual({ name: 'lina2025', username: 'lina2025', displayName: 'lina2025' });
    expect((await free()).names).toEqual(['李娜', 'Zhang Wei']);
    // The freed name has the class's open task waiting for whoever claims it.
    const tasks = await server.gql('{ viewer { tasks(first: 20) { edges { node { student } } } } }', {}, teacher);
    expect(tasks.body.data.viewer.tasks.edges.map((e: any) => e.node.student).sort()).toEqual(['Zhang Wei', 'lina2025', 'newkid01', '张伟', '李娜'].sort());
    expect((await release('Zhang Wei')).body.data.releaseRosterName).toEqual({
      __typename: 'ConflictError',
      message: '“Zhang Wei”还没有学生认领 · Nobody has claimed Zhang Wei yet',
    });
    expect((await release('王芳')).body.data.releaseRosterName).toEqual({
      __typename: 'NotFoundError',
      message: '名单上没有“王芳” · 王芳 is not on the roster of 三年级二班',
    });
  });

  it('keeps the selected class across logins; a teacher with one class has it selected from the start', async () => {
    const selected = async (token: string) => (await server.gql('{ viewer { selectedClass { name } } }', {}, token)).body.data.viewer.selectedClass;
    expect(await selected(teacher)).toEqual({ name: '三年级二班' });
    await server.post(
      '/api/v1.0/userclasses/addclass',
      { className: 'Class 4B', schoolID: 'ES', pressID: 'PEP', students: 'Anna' },
      { 'x-access-token': teacher },
    );
    expect(await selected(teacher)).toEqual({ name: '三年级二班' });
    await server.post('/api/v1.0/userclasses/selectclass', { className: 'class 4b' }, { 'x-access-token': teacher });
    expect(await selected((await server.login('wangli', 'wang1')).accessToken)).toEqual({ name: 'Class 4B' });
    await server.post('/api/v1.0/userclasses/deleteclass', { className: 'Class 4B' }, { 'x-access-token': teacher });
    // The selected class deleted: the one left is the teacher's only class.
    expect(await selected(teacher)).toEqual({ name: '三年级二班' });
    expect(await selected((await server.login('zhangwei01', 'pass1')).accessToken)).toBeNull();
  });
});
