// Texts of the personal-information page (zh default, en).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    title: '个人信息',
    dialogTitle: '用户信息',
    basicInfo: '基本信息',
    editProfile: '编辑资料',
    avatar: '头像',
    account: '账号',
    realName: '真实姓名',
    mobile: '手机号',
    noMobile: '未绑定',
    mobileOld: '该手机号格式较旧，可在账号安全中重新绑定。',
    department: '部门',
    position: '岗位',
    gender: '性别',
    male: '男',
    female: '女',
    nickName: '昵称',
    email: '邮箱',
    emailInvalid: '请输入正确的邮箱地址',
    region: '地区',
    birthday: '生日',
    summary: '个人简介',
    summaryTooLong: '个人简介最多100个字',
    close: '关闭',
    save: '保存',
  },
  en: {
    title: 'My info',
    dialogTitle: 'User information',
    basicInfo: 'Basic info',
    editProfile: 'Edit profile',
    avatar: 'Avatar',
    account: 'Account',
    realName: 'Real name',
    mobile: 'Mobile',
    noMobile: 'Not bound',
    mobileOld: 'This number uses an older format; bind it again under Account security.',
    department: 'Department',
    position: 'Position',
    gender: 'Gender',
    male: 'Male',
    female: 'Female',
    nickName: 'Nickname',
    email: 'Email',
    emailInvalid: 'Enter a valid email address',
    region: 'Region',
    birthday: 'Birthday',
    summary: 'About me',
    summaryTooLong: 'At most 100 characters',
    close: 'Close',
    save: 'Save',
  },
} as const;

/** The `center-info` namespace (docs/i18n.md), registered when this feature's chunk loads. */
const NAMESPACE = defineTexts('center-info', TEXTS);

/** The info page's text function for the active language. */
export function useInfoTexts(): (key: keyof (typeof TEXTS)['zh']) => string {
  return useTexts(NAMESPACE);
}
