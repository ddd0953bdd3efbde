/** Home (spec screen 1): what WordBee is, Chinese first with English on request. */
import { Link } from 'wouter';
import { useLanguage } from '../../ui/language';
import { modeOf, useSession } from '../../session';

const TEXT = {
  zh: {
    title: 'WordBee 单词蜂',
    tagline: '对齐《义务教育英语课程标准（2022年版）》和《普通高中英语课程标准（2017年版2020年修订）》的中小学英语练习平台。',
    start: '免费试用：用 demoteacher 或 demostudent 登录（密码同用户名）。',
    features: [
      ['拼写 Spelling Bee', '听单词、看图片、读例句，再拼写出来：听、读、拼一次练到。'],
      ['闪卡 Flashcard Master', '根据记忆和遗忘规律（FSRS）安排每个单词的复习时间，该复习的词先出现。'],
      ['跟读 Pronunciation', '录下朗读，服务器逐词、逐音评分，并生成 PDF 报告。'],
      ['课标与教材', '国家课标 2022 词表（小学、初中、高中必修、选择性必修），以及人教版、北师大版等主流教材。'],
      ['词汇量监测', '每个学生每个学段的应会词数、已掌握词数和百分比，只统计国家课标拼写任务。'],
      ['实时成绩', '老师在班级看板上实时看到每个学生的每一个答案和分数。'],
      ['PDF 报告', '每次任务完成后生成报告，可下载，并发送到学生和老师的邮箱。'],
      ['自动管理', '学生按老师名和班级名注册即自动加入班级；完成一个任务后自动布置同类的下一个任务。'],
    ],
    teacher: '老师：注册 → 班级（+Class 新建班级，SelectClass 选择）→ 教材（点击单元布置任务）→ 任务与成绩。',
    student: '学生：按老师名和班级名注册 → 登录 → 任务页点击类型开始练习。',
    cta: ['登录', '注册', '使用帮助'],
  },
  en: {
    title: 'WordBee',
    tagline:
      "English practice for China's K12 classes, aligned with the 2022 compulsory-education English curriculum standard and the 2017 (2020 revision) senior-high standard.",
    start: 'Try it free: log in as demoteacher or demostudent (the password is the username).',
    features: [
      ['Spelling Bee', 'Hear the word, see its picture, read its sentence, then spell it: listening, reading and spelling in one.'],
      ['Flashcard Master', 'Flashcards scheduled by memory and forgetting (FSRS): the words due for review come first.'],
      ['Pronunciation Assessment', 'Record your reading; the server scores every word and sound and writes a PDF report.'],
      [
        'Standards and textbooks',
        'The National standards 2022 word lists (primary, junior, senior mandatory and selective) and the main series: PEP, Beijing Normal University and more.',
      ],
      ['Vocabulary measure', "Each student's required words, mastered words and percentage per level, from National standards spelling tasks."],
      ['Live results', 'Teachers watch every answer and score arrive on the class dashboard.'],
      ['PDF reports', 'A report for every finished task, downloadable and e-mailed to the student and the teacher.'],
      ['Automatic management', 'Students join a class by signing up with its teacher and class name; finishing a task brings the next one of its kind.'],
    ],
    teacher: 'Teachers: sign up → Classes (+Class, then SelectClass) → Textbooks (click a unit to assign it) → Tasks and Dashboard.',
    student: "Students: sign up with your teacher's name and class name → log in → click a task's Type to start.",
    cta: ['Login', 'Signup', 'Help'],
  },
} as const;

export default function Home() {
  const [lang] = useLanguage();
  const t = TEXT[lang];
  const visitor = modeOf(useSession()) === 'visitor';
  return (
    <div className="home">
      <section className="hero">
        <h1>
          <img src="/favicon.svg" alt="" width="56" height="56" /> {t.title}
        </h1>
        <p className="tagline">{t.tagline}</p>
        {visitor && <p className="hint">{t.start}</p>}
        <div className="actions">
          {visitor ? (
            <>
              <Link href="/login" className="button primary">
                {t.cta[0]}
              </Link>
              <Link href="/signup" className="button">
                {t.cta[1]}
              </Link>
            </>
          ) : (
            <Link href="/task" className="button primary">
              {lang === 'zh' ? '我的任务' : 'My tasks'}
            </Link>
          )}
          <Link href="/help" className="button">
            {t.cta[2]}
          </Link>
        </div>
      </section>
      <section className="feature-grid">
        {t.features.map(([title, body]) => (
          <article key={title} className="feature">
            <h2>{title}</h2>
            <p>{body}</p>
          </article>
        ))}
      </section>
      <section className="card">
        <p>{t.teacher}</p>
        <p>{t.student}</p>
      </section>
    </div>
  );
}
