/** /padocs, linked from Help: how pronunciation scores are made and how to read them. */
import { useLanguage } from '../../ui/language';

const TEXT = {
  zh: {
    title: '跟读评分说明',
    body: [
      '录音上传到学校自己的 WordBee 服务器，在服务器上离线评分，不发送给第三方。',
      '服务器把录音和目标单词对齐，给每个音素、每个单词打分（0–100），并给出总分、准确度、流利度和完整度。',
      '没有读到的单词标记为“遗漏”，读错的单词标记为“发音错误”，并显示其中最弱的音。点击单词可以听标准读音。',
      '录音时请在安静的地方、离麦克风约一拳远，按屏幕上出现的顺序清楚地读出每个单词。',
    ],
  },
  en: {
    title: 'About pronunciation scores',
    body: [
      "Recordings go to your school's own WordBee server and are scored there, offline; they are not sent to anyone else.",
      'The server aligns the recording with the target words and scores every sound and every word from 0 to 100, with a total, accuracy, fluency and completeness.',
      'A word that was not heard is marked omitted, a word said wrongly mispronounced, with its weakest sounds shown. Click a word to hear it said.',
      'Record somewhere quiet, a fist away from the microphone, and read each word clearly in the order it appears.',
    ],
  },
};

export default function PaDocs() {
  const [lang] = useLanguage();
  const t = TEXT[lang];
  return (
    <div className="doc">
      <h1>{t.title}</h1>
      <section className="card">
        {t.body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
    </div>
  );
}
