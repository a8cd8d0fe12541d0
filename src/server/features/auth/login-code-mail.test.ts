import { describe, expect, it } from 'vitest';
import { loginCodeMail } from './login-code-mail.ts';

// Decision 061: the sign-in code's mail in the member's language; English as it always was.
const LINK = 'https://portal.example/login/verify?token=a.b';

describe('the sign-in code mail', () => {
  it('is the spec’s English by default, the link and code in both parts', () => {
    const mail = loginCodeMail('en', '123456', LINK);
    expect(mail.subject).toBe('Your sign-in code: 123456');
    expect(mail.text.split('\n')).toEqual([
      'Your sign-in code for the Members Portal is 123456.',
      '',
      'Enter it on the sign-in page, or open this link in the same browser:',
      LINK,
      '',
      'The code works once and expires in 10 minutes.',
      'If you did not ask to sign in, you can ignore this e-mail.',
    ]);
    expect(mail.html).toContain(`or <a href="${LINK}">sign in with this link</a> in the same browser.</p>`);
    expect(mail.html).toContain('10 minutes. If you did not ask');
  });

  it.each([
    ['zh-Hans', '您的登录验证码：123456', '通过此链接登录', '10 分钟后失效。如果'],
    ['ja', 'ログインコード：123456', 'このリンクからログイン', '10分後に失効します。ログイン'],
    ['ko', '로그인 코드: 123456', '이 링크로 로그인', '10분 후에 만료됩니다. 로그인'],
  ] as const)('%s: subject, linked words and sentences in the language', (locale, subject, linked, joined) => {
    const mail = loginCodeMail(locale, '123456', LINK);
    expect(mail.subject).toBe(subject);
    expect(mail.html).toContain(`<a href="${LINK}">${linked}</a>`);
    expect(mail.html).toContain(joined);
    expect(mail.text).toContain(LINK);
    expect(mail.text).not.toMatch(/sign-in code|expires/);
  });
});
