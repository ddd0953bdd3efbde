/** The Textbooks screen (client/screens/Textbooks): a unit's words previewed before it is assigned, and the import form. */
import { defineMessages } from '../define';

export const textbooks = defineMessages({
  showWords: { zh: '看单词', en: 'Words' },
  hideWords: { zh: '收起单词', en: 'Hide words' },
  showWordsOf: { zh: '看单元 {unit} 的单词', en: 'See the words of unit {unit}' },
  unitHeading: { zh: '单元 {unit}', en: 'Unit {unit}' },
  previewCount: { zh: '{count} 个单词，学生按这个顺序练习。', en: '{count} words; students practise them in this order.' },
  noWords: { zh: '这个单元还没有单词。', en: 'This unit has no words yet.' },
  assignThis: { zh: '布置单元 {unit}（{type}）', en: 'Assign unit {unit} ({type})' },
  wordsOfUnit: { zh: '单元 {unit} 的单词', en: 'Words of unit {unit}' },
  previewFailed: { zh: '单词没有加载出来：{message}', en: 'The words did not load: {message}' },
  importExample: { zh: '完整的例子（三个单元，含词组）：', en: 'A complete example (three units, with phrases):' },
  exampleCsv: { zh: '下载 CSV 例子', en: 'Example CSV' },
  exampleJson: { zh: '下载 JSON 例子', en: 'Example JSON' },
  importHelp: { zh: '格式说明', en: 'How the file is laid out' },
});
