import type { AcademyVocab } from './seed-catalogue-vocab';

// Tenant 1533 (智慧校园): a secondary school, in Chinese; a smaller catalogue than the academies.

/** Words of the 1533 school's catalogue. */
export const ZH_SCHOOL: AcademyVocab = {
  locale: 'zh',
  labels: {
    course: '课程', subject: '专题', micro: '微课', knowledge: '知识点', content: '资源', work: '作业', reading: '阅读', help: '帮助',
    class: '班级', room: '直播课', exam: '考试', survey: '问卷', task: '任务', game: '闯关', share: '心得', news: '校园新闻',
  },
  trees: {
    course: [
      { name: '语文', children: [
        { name: '阅读与写作', topics: ['古诗词鉴赏', '现代文阅读', '作文写作'] },
        { name: '文言文', topics: ['文言实词', '文言句式'] },
      ] },
      { name: '数学', children: [
        { name: '代数', topics: ['一元一次方程', '函数初步', '不等式'] },
        { name: '几何', topics: ['三角形', '几何证明'] },
      ] },
      { name: '英语', children: [{ name: '听说', topics: ['英语听力', '口语表达'] }, { name: '读写', topics: ['英语语法', '英语阅读'] }] },
      { name: '科学', children: [{ name: '物理', topics: ['力与运动', '电路基础'] }, { name: '化学', topics: ['化学启蒙', '化学实验'] }] },
    ],
    knowledge: [{ name: '知识点梳理', children: [{ name: '七年级' }, { name: '八年级' }] }],
    content: [{ name: '微课堂', children: [{ name: '课前预习' }, { name: '课后巩固' }] }],
    training: [{ name: '兴趣班' }, { name: '假期营' }],
    exam: [{ name: '单元测验' }, { name: '期中期末' }, { name: '问卷' }],
    task: [{ name: '假期作业' }, { name: '阅读打卡' }, { name: '趣味闯关' }],
    article: [{ name: '学习心得' }, { name: '校园新闻' }, { name: '通知公告' }],
    reading: [{ name: '课外阅读' }],
    help: [{ name: '使用帮助' }],
  },
  patterns: {
    course: ['{t}同步精讲', '{t}专项突破', '{t}知识梳理', '{t}拓展提升'],
    micro: ['{t}微课', '一题学会{t}', '{t}难点突破'],
    knowledge: ['{t}知识清单', '{t}易错点'],
    content: ['{t}预习学案', '{t}课后练习'],
    work: ['{t}优秀作业', '{t}学习笔记'],
    room: ['{t}直播答疑', '名师直播：{t}'],
    exam: ['{t}单元测验', '{t}期中测试', '{t}期末考试'],
    task: ['{t}假期任务', '{t}每日一练'],
    game: ['{t}闯关', '{t}挑战赛'],
    share: ['我学{t}的小方法', '{t}学习心得'],
    classes: ['{t}兴趣班（第{n}期）', '{t}暑期营'],
    news: ['我校举办{t}竞赛', '{t}公开课活动顺利举行'],
  },
  titles: {
    subject: ['开学第一课', '诗词大会专题', '科学实验周', '英语角专题'],
    survey: ['家长满意度调查', '课后服务需求调查'],
    notice: ['期中考试安排', '家长会通知', '寒假放假通知', '校园开放日安排', '课后服务报名通知', '运动会通知', '图书馆开放时间调整', '防溺水安全提醒'],
    reading: ['少年读诗词', '科学家的故事', '走进星空'],
    help: ['如何查看课表', '如何提交作业', '忘记密码怎么办'],
  },
  summaries: {
    course: ['紧扣课标，精讲{t}的重点难点，配套练习。', '名师带你梳理{t}，夯实基础。'],
    content: ['{t}配套学习资源。', '三分钟弄懂{t}。'],
    subject: ['精选课程与阅读，主题式学习。'],
    class: ['以{t}为主题的课外学习班，小班教学。'],
    room: ['老师在线讲解{t}并答疑。'],
    exam: ['检测{t}的掌握情况。'],
    survey: ['请如实填写，感谢您的支持。'],
    task: ['每天完成一点{t}练习。'],
    game: ['闯关答题，巩固{t}。'],
    article: ['记录{t}学习中的收获。', '{t}相关校园活动报道。'],
    notice: ['请各位同学和家长知悉。'],
    reading: ['适合中学生的课外读物。'],
    help: ['图文说明。'],
  },
  chapters: ['课前导入', '知识讲解', '例题精析', '巩固练习', '单元小结'],
  lessons: ['{t}概念', '{t}例题', '{t}练习', '{t}易错题'],
  teachers: [['陈老师', '语文教研组长'], ['林老师', '数学高级教师'], ['王老师', '英语教师'], ['赵老师', '物理教师'],
    ['孙老师', '化学教师'], ['周老师', '班主任'], ['吴老师', '信息科技教师'], ['郑老师', '心理健康教师']],
  teacherIntro: ['{title}，长期从事{t}教学，教学经验丰富。'],
  family: ['张', '王', '李', '赵', '陈', '刘', '杨', '黄', '周', '吴'],
  given: ['子墨', '梓涵', '浩宇', '欣妍', '一航', '语桐', '沐阳', '可欣'],
  tags: ['同步', '重点', '拓展', '推荐'],
  authors: ['校团委', '教务处', '初二（3）班'],
  banners: [
    { title: '新学期 新起点', subtitle: '同步课程已全部上线', link: { linkType: 'category', purpose: 1 } },
    { title: '诗词大会报名开始', subtitle: '以诗会友 传承经典', link: { linkType: 'route', linkUrl: 'subject' } },
    { title: '期中考试安排已发布', subtitle: '认真复习 诚信应考', link: { linkType: 'route', linkUrl: 'exam' } },
  ],
};
