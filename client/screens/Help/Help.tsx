/** Help (spec screen 2): the quick start guide, Chinese first with an English version. */
import { Link } from 'wouter';
import { useLanguage } from '../../ui/language';

type Chapter = { id: string; title: string; body: string[] };

const CHAPTERS: Record<'zh' | 'en', Chapter[]> = {
  zh: [
    {
      id: 'try',
      title: '最简单的试用方法',
      body: [
        '点击右上角“登录”，用户名和密码都填 demoteacher（老师）或 demostudent（学生）。',
        '学生登录后进入“任务”页，点击 Type 列中的 SB、FM 或 PA 就能开始练习。',
      ],
    },
    {
      id: 'signup',
      title: '注册',
      body: [
        '表单中红框的输入项为必填项。用户名、密码至少 4 个字符，最多 30 个字符；用户名不能含“-”。',
        '老师：勾选“Sign up as a teacher”，填写用户名、密码和邮箱。',
        '学生：填写老师的用户名（teachername）和班级名（classname），注册后自动加入该班级。邮箱用于接收成绩报告。',
      ],
    },
    {
      id: 'tasks',
      title: '任务类型与技巧',
      body: [
        'SB 拼写（Spelling Bee）：先听单词和例句，再在输入框中拼写，回车提交。答案区分大小写，前后空格会被忽略；60 秒以上未作答记为超时。',
        'FM 闪卡（Flashcard Master）：看图片或单词卡，输入单词后回车；Skip 跳过；Side 翻转卡片。复习时间由记忆模型自动安排。',
        'PA 跟读（Pronunciation）：点击 Record 后按屏幕上依次出现的单词朗读，录音自动结束，点击 Submit 评分。',
        '技巧：戴耳机练习；先听整句再作答；每天少量多次比一次大量更有效。',
      ],
    },
    {
      id: 'classes',
      title: '班级菜单（老师）',
      body: [
        '+Class 新建班级：className、schoolID（ES 小学、MS 初中、HS 高中）、pressID（教材版本）和 students（学生名单，用逗号分隔，例如 Adam, Juliet）为必填。',
        '任务类型 Type 可选 PA 或 SB（PA+SB 表示两种都布置）。taskDueDays 为完成期限（天），spellingTimeoutSec 为拼写倒计时（秒）。',
        '-Class 删除班级；SelectClass 选择要操作的班级；Reports 查看和下载成绩报告，并可选择是否每份报告都发邮件给您，或每天（默认 18:00）收到一封当天的汇总邮件。',
      ],
    },
    {
      id: 'textbooks',
      title: '打开教材',
      body: [
        '先在班级菜单中选择班级，再进入“教材”。点击 bookID 打开一本书，点击 unitID 给全班布置该单元的任务。',
        '单元 R 表示根据每个学生的记忆情况抽取的闪卡任务。学生完成一个任务后，系统会自动布置同类的下一个单元。',
      ],
    },
    {
      id: 'faq',
      title: '常见问题',
      body: [
        '看不到任务？请确认注册时填写的老师名和班级名正确，并请老师布置任务。',
        '登录过期？出于安全考虑，登录在一段时间后失效（任务页会提示剩余分钟数）；失效前 5 分钟每页都会提示，点“保持登录”即可继续，否则重新登录即可。',
        '修改密码、退出所有设备、删除账户：点击顶栏中自己的名字，进入“账户”页。修改密码后，其他设备上的登录都会退出；删除账户会永久删除你的所有数据。',
        '没有声音？检查设备音量，并允许浏览器播放声音；录音需要允许使用麦克风。',
      ],
    },
    {
      id: 'mobile',
      title: '手机使用',
      body: ['在小屏幕上，点击右上角的三条横线（汉堡菜单）展开导航。', '打开手机的自动旋转，横屏查看表格和图表更清楚。'],
    },
    {
      id: 'contact',
      title: '联系我们',
      body: ['问题和建议请发邮件给学校的 WordBee 管理员，或联系 support@wordbee.local。'],
    },
  ],
  en: [
    {
      id: 'try',
      title: 'The simplest way to try',
      body: [
        'Click Login and use demoteacher (teacher) or demostudent (student); the password is the username.',
        'As a student, open Tasks and click SB, FM or PA in the Type column to start.',
      ],
    },
    {
      id: 'signup',
      title: 'Signup',
      body: [
        'Red boxes in forms mean mandatory. Username and password need 4 to 30 characters; a username has no "-".',
        "Teachers tick 'Sign up as a teacher' and give a username, password and email.",
        "Students give their teacher's username (teachername) and class name (classname) and join that class at once. Reports are e-mailed to the address given.",
      ],
    },
    {
      id: 'tasks',
      title: 'Task types and tips',
      body: [
        'SB, Spelling Bee: listen to the word and its sentence, type it and press Enter. Case counts, spaces around are ignored; 60 seconds or more counts as a timeout.',
        'FM, Flashcard Master: look at the picture or word card, type the word and press Enter; Skip skips, Side flips the card. The memory model decides when each word comes back.',
        'PA, Pronunciation Assessment: press Record and read each word as it appears; recording stops by itself; press Submit to get your scores.',
        'Tips: use headphones; listen to the whole sentence before you answer; a little every day beats a lot once a week.',
      ],
    },
    {
      id: 'classes',
      title: 'The Classes menu (teachers)',
      body: [
        "+Class adds a class: className, schoolID (ES primary, MS junior high, HS senior high), pressID (the textbook series) and students (names separated by commas, e.g. 'Adam, Juliet') are required.",
        'Task Type PA or SB (PA+SB assigns both). taskDueDays is how many days students have; spellingTimeoutSec is the spelling countdown.',
        "-Class deletes a class; SelectClass picks the class to work with; Reports lists the report files to download, and lets you choose an e-mail for each student's report and/or one summary of each day's finished tasks (at 18:00 unless the school set another hour).",
      ],
    },
    {
      id: 'textbooks',
      title: 'Opening textbooks',
      body: [
        'Select a class in the Classes menu first, then open Textbooks. Click a bookID to open that book; click a unitID to assign that unit to the whole class.',
        "Unit R is a flashcard task drawn from each student's memory model. When a student finishes a task, the next unit of the same kind is assigned automatically.",
      ],
    },
    {
      id: 'faq',
      title: 'FAQ',
      body: [
        'No tasks? Check the teacher and class names you signed up with, and ask your teacher to assign a task.',
        "Logged out? For safety a login expires after a while (the Tasks page says how many minutes are left). Five minutes before, every page says so: press 'Stay logged in' to go on, or just log in again later.",
        'Change your password, log out everywhere or delete your account: click your name in the top bar to open the Account page. A new password logs your other devices out; deleting the account deletes all your data for good.',
        'No sound? Check the volume and allow the browser to play sound; recording needs microphone permission.',
      ],
    },
    {
      id: 'mobile',
      title: 'On a phone',
      body: [
        'On a small screen, tap the three bars (burger menu) at the top right to open the menu.',
        'Turn on auto-rotate: tables and charts read better in landscape.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      body: ["Questions and ideas: write to your school's WordBee administrator, or to support@wordbee.local."],
    },
  ],
};

const ABOUT = {
  zh: 'WordBee 单词蜂是面向中小学英语课堂的练习平台：老师建班、打开课标对齐的教材并布置任务；学生完成拼写、闪卡和跟读练习；成绩实时可见，PDF 报告通过邮件发送。我们提倡沉浸式学习：用英语学英语，不依赖翻译。',
  en: 'WordBee is an English practice platform for K12 classes: teachers create classes, open curriculum-aligned textbooks and assign tasks; students do Spelling Bee, Flashcard Master and Pronunciation Assessment; results are live and PDF reports arrive by e-mail. We argue for immersion: learn English in English, without translation.',
};

export default function Help() {
  const [lang] = useLanguage();
  const chapters = CHAPTERS[lang];
  return (
    <div className="doc">
      <h1>{lang === 'zh' ? '快速入门' : 'Quick start guide'}</h1>
      <p className="lead">{ABOUT[lang]}</p>
      <nav className="toc" aria-label="Chapters">
        {chapters.map((c) => (
          <a key={c.id} href={`#${c.id}`}>
            {c.title}
          </a>
        ))}
        <Link href="/padocs">{lang === 'zh' ? '跟读评分说明' : 'About pronunciation scores'}</Link>
      </nav>
      {chapters.map((c) => (
        <section key={c.id} id={c.id} className="card">
          <h2>{c.title}</h2>
          {c.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
