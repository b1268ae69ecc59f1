import { describe, expect, it } from 'vitest';
import { checkAccount, checkCode, checkConfirmPassword, checkMobile, checkNewPassword, checkOldPassword, checkSignInMobile, checkSignInPassword, PROFILE_MOBILE_PATTERN } from '../../src/lib/validators';
import { inAppPath, loginPath, returnTarget } from '../../src/lib/login-path';

// spec shell §5, word for word.
describe('validators', () => {
  it('mobile: required, then 1 + [3-9] + 9 digits', () => {
    expect(checkMobile('')).toBe('手机号不能为空');
    expect(checkMobile('12800138000')).toBe('请填写正确的手机号码');
    expect(checkMobile('1380013800')).toBe('请填写正确的手机号码');
    expect(checkMobile('13800138000')).toBeNull();
    expect(checkMobile('19900138000')).toBeNull();
  });

  it('the profile pattern rejects second digit 6', () => {
    expect(checkMobile('16600138000')).toBeNull();
    expect(checkMobile('16600138000', PROFILE_MOBILE_PATTERN)).toBe('请填写正确的手机号码');
  });

  it('sign-in phone asks to enter the number', () => {
    expect(checkSignInMobile('')).toBe('请输入手机号码');
    expect(checkSignInMobile('123')).toBe('请填写正确的手机号码');
  });

  it('required fields', () => {
    expect(checkCode(' ')).toBe('验证码不能为空');
    expect(checkAccount('')).toBe('帐号不能为空');
    expect(checkSignInPassword('')).toBe('密码不能为空');
    expect(checkOldPassword('')).toBe('请输入密码');
  });

  it('new password rules in order', () => {
    expect(checkNewPassword('密码Abc123!')).toBe('禁止输入汉字');
    expect(checkNewPassword('Ab1!')).toBe('请输入8~16位密码');
    expect(checkNewPassword('Ab1!Ab1!Ab1!Ab1!x')).toBe('请输入8~16位密码');
    expect(checkNewPassword('abcdefg1!')).toBe('密码必须同时包含大小写字母、数字和特殊字符且至少8位');
    expect(checkNewPassword('Abcdefg1')).toBe('密码必须同时包含大小写字母、数字和特殊字符且至少8位');
    expect(checkNewPassword('Study@2026', 'Study@2026')).toBe('新旧密码不能一致');
    expect(checkNewPassword('Study@2027', 'Study@2026')).toBeNull();
  });

  it('confirm password', () => {
    expect(checkConfirmPassword('', 'x')).toBe('请再次输入密码');
    expect(checkConfirmPassword('Study@2026', 'Study@2027')).toBe('两次输入密码不一致!');
    expect(checkConfirmPassword('Study@2026', 'Study@2026')).toBeNull();
  });
});

describe('login return path', () => {
  it('carries the return path in returnUrl', () => {
    expect(loginPath('/course?a=1')).toBe('/login?returnUrl=%2Fcourse%3Fa%3D1');
  });

  it('strips the /study base from router and window paths (a bug: returnUrl carried /study twice)', () => {
    expect(inAppPath('/study/user/center/study/myNews')).toBe('/user/center/study/myNews');
    expect(inAppPath('/study')).toBe('/');
    expect(inAppPath('/home')).toBe('/home');
    expect(inAppPath('/studyroom')).toBe('/studyroom');
  });

  it('returns to in-app paths only', () => {
    expect(returnTarget(new URLSearchParams('returnUrl=%2Fcourse%3Fa%3D1'))).toBe('/course?a=1');
    expect(returnTarget(new URLSearchParams('return=%2Fsearch'))).toBe('/search');
    expect(returnTarget(new URLSearchParams('returnUrl=https%3A%2F%2Fevil.test'))).toBe('/home');
    expect(returnTarget(new URLSearchParams('returnUrl=%2F%2Fevil.test'))).toBe('/home');
    expect(returnTarget(new URLSearchParams('returnUrl=%2Flogin'))).toBe('/home');
    expect(returnTarget(new URLSearchParams(''))).toBe('/home');
  });
});
