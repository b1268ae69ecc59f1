// spec shell §8 error catalogue: the pure decision for each kind of failure.
import { describe, expect, it } from 'vitest';
import { decideFailure } from '../../src/api/error-catalogue';

const business = (message: string, extra: Record<string, unknown> = {}) => ({ status: 200, envelope: { success: false, code: 400, flag: -1, message, ...extra } });

describe('decideFailure', () => {
  it('sends flag 401 to sign-in, except on the sign-in page', () => {
    const input = { status: 200, envelope: { code: 401, flag: 401, message: 'Please sign in.' } };
    expect(decideFailure(input, '/home')).toEqual({ kind: 'login' });
    expect(decideFailure(input, '/login?returnUrl=%2Fhome')).toEqual({ kind: 'none' });
    expect(decideFailure(input, '/loginHelp')).toEqual({ kind: 'login' });
  });

  it('shows the server message without going back when no keyword matches', () => {
    expect(decideFailure(business('验证码错误'), '/home')).toEqual({ kind: 'alert', message: '验证码错误', goBack: false, thenLogin: false });
  });

  it.each(['商品已下架', '未授权访问', '班级不存在', '考试尚未开始', '没有权限', '任务进行中', 'This product was taken off shelf.', 'Not authorised.', 'Not authorized.', 'The exam has not started yet.', 'It is In Progress.'])(
    'goes back for "%s"',
    (message) => {
      expect(decideFailure(business(message), '/home')).toMatchObject({ kind: 'alert', goBack: true });
    },
  );

  it('does not go back on class or course detail when the message is only about starting', () => {
    expect(decideFailure(business('课程尚未开始'), '/course/detail/12')).toMatchObject({ goBack: false });
    expect(decideFailure(business('The class has not started.'), '/classes/detail/3?x=1')).toMatchObject({ goBack: false });
    expect(decideFailure(business('课程尚未开始'), '/exam/detail/12')).toMatchObject({ goBack: true });
    expect(decideFailure(business('课程已下架'), '/course/detail/12')).toMatchObject({ goBack: true });
  });

  it('sends USER_ALREADY_REG to sign-in after the alert unless the message says the user exists', () => {
    expect(decideFailure(business('该手机号已注册', { errorCode: 'USER_ALREADY_REG' }), '/user/create')).toMatchObject({ thenLogin: true });
    expect(decideFailure(business('The user already exists.', { errorCode: 'USER_ALREADY_REG' }), '/user/create')).toMatchObject({ thenLogin: false });
  });

  it('maps HTTP failures to system error, system busy and unknown error', () => {
    expect(decideFailure({ status: 500, envelope: { flag: -1, message: 'x' } }, '/')).toMatchObject({ message: '系统错误', goBack: false });
    expect(decideFailure({ status: 404 }, '/')).toMatchObject({ message: '系统错误' });
    expect(decideFailure({ status: 502 }, '/')).toMatchObject({ message: '系统繁忙，请稍后再试' });
    expect(decideFailure({ status: 504 }, '/')).toMatchObject({ message: '未知错误' });
    expect(decideFailure({ status: 0 }, '/')).toMatchObject({ message: '未知错误' });
  });

  it('shows system busy for a 503 DB_UNAVAILABLE, as for 502 (the database restarts; retry later)', () => {
    const envelope = { success: false, code: 503, flag: -1, errorCode: 'DB_UNAVAILABLE', message: 'The service cannot reach its database right now; please retry in a few seconds.' };
    expect(decideFailure({ status: 503, envelope }, '/')).toMatchObject({ kind: 'alert', message: '系统繁忙，请稍后再试', goBack: false });
    expect(decideFailure({ status: 503 }, '/')).toMatchObject({ message: '系统繁忙，请稍后再试' });
  });

  it('falls back to unknown error when a business failure has no message', () => {
    expect(decideFailure(business('  '), '/')).toMatchObject({ message: '未知错误', goBack: false });
  });
});
