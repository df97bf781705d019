// What each message says, in English and Chinese. `{site}` is the product name, `{email}` the new address.
import type { Locale, MessageType } from './types';

interface Copy {
  subject: string;
  intro: string;
  action: string;
  codeLabel: string;
  /** The label of the message's second link, if it has one. */
  extraAction?: string;
}

const en: Record<MessageType, Copy> = {
  signup: {
    subject: 'Confirm your {site} account',
    intro: 'Thanks for signing up for {site}. Confirm your email address to finish creating your account.',
    action: 'Confirm my email',
    codeLabel: 'Or enter this code',
  },
  invite: {
    subject: 'You have been invited to {site}',
    intro: 'You have been invited to create an account on {site}. Accept the invitation to set up your account.',
    action: 'Accept the invitation',
    codeLabel: 'Or enter this code',
  },
  magiclink: {
    subject: 'Your {site} sign-in link',
    intro: 'Use this link to sign in to {site}. It works once.',
    action: 'Sign in',
    codeLabel: 'Or enter this code',
  },
  recovery: {
    subject: 'Reset your {site} password',
    intro: 'Someone asked to reset the password of your {site} account. Open the link to choose a new password.',
    action: 'Reset my password',
    codeLabel: 'Or enter this code',
  },
  email_change_current: {
    subject: 'Confirm the change of your {site} email',
    intro: 'A change of your account email to {email} was requested. Confirm it from this, your current address.',
    action: 'Confirm the change',
    codeLabel: 'Or enter this code',
  },
  email_change_new: {
    subject: 'Confirm your new {site} email',
    intro: 'Confirm this address as the new email of your {site} account.',
    action: 'Confirm my new email',
    codeLabel: 'Or enter this code',
  },
  reauthentication: {
    subject: 'Your {site} confirmation code',
    intro: 'Enter this code to confirm it is you before changing sensitive settings.',
    action: '',
    codeLabel: 'Your code',
  },
  sms: { subject: '', intro: 'Your {site} code is {code}', action: '', codeLabel: '' },
  phone_change: { subject: '', intro: 'Your {site} code to confirm this phone number is {code}', action: '', codeLabel: '' },
  mfa_phone: { subject: '', intro: 'Your {site} sign-in verification code is {code}', action: '', codeLabel: '' },
  signup_existing: {
    subject: 'Someone tried to sign up to {site} with your address',
    intro:
      'Someone, perhaps you, tried to create a {site} account with this email address, which already has one. No new account was made and nothing about yours changed. If it was you, sign in, or choose a new password if you forgot it.',
    action: 'Sign in',
    codeLabel: '',
    extraAction: 'Reset my password',
  },
};

const zh: Record<MessageType, Copy> = {
  signup: { subject: '确认您的 {site} 账号', intro: '感谢注册 {site}。请确认您的邮箱地址以完成账号创建。', action: '确认邮箱', codeLabel: '或输入以下验证码' },
  invite: { subject: '您受邀加入 {site}', intro: '您受邀在 {site} 创建账号。接受邀请即可设置您的账号。', action: '接受邀请', codeLabel: '或输入以下验证码' },
  magiclink: { subject: '您的 {site} 登录链接', intro: '使用此链接登录 {site}，链接仅可使用一次。', action: '登录', codeLabel: '或输入以下验证码' },
  recovery: {
    subject: '重置您的 {site} 密码',
    intro: '有人请求重置您 {site} 账号的密码。打开链接即可设置新密码。',
    action: '重置密码',
    codeLabel: '或输入以下验证码',
  },
  email_change_current: {
    subject: '确认更改您的 {site} 邮箱',
    intro: '有人请求将您的账号邮箱更改为 {email}。请在当前邮箱中确认此更改。',
    action: '确认更改',
    codeLabel: '或输入以下验证码',
  },
  email_change_new: {
    subject: '确认您的 {site} 新邮箱',
    intro: '请确认将此地址设为您 {site} 账号的新邮箱。',
    action: '确认新邮箱',
    codeLabel: '或输入以下验证码',
  },
  reauthentication: { subject: '您的 {site} 确认码', intro: '更改敏感设置前，请输入此验证码确认是您本人。', action: '', codeLabel: '您的验证码' },
  sms: { subject: '', intro: '您的 {site} 验证码是 {code}', action: '', codeLabel: '' },
  phone_change: { subject: '', intro: '您用于确认此手机号的 {site} 验证码是 {code}', action: '', codeLabel: '' },
  mfa_phone: { subject: '', intro: '您的 {site} 登录验证码是 {code}', action: '', codeLabel: '' },
  signup_existing: {
    subject: '有人尝试用您的邮箱注册 {site}',
    intro:
      '有人（也许是您本人）尝试用此邮箱地址创建 {site} 账号，但该地址已有账号。没有创建新账号，您的账号也没有任何更改。如果是您本人，请直接登录；如果忘记了密码，可以设置新密码。',
    action: '登录',
    codeLabel: '',
    extraAction: '重置密码',
  },
};

export const copy: Record<Locale, Record<MessageType, Copy>> = { en, zh };

export const footer: Record<Locale, string> = {
  en: 'If you did not request this, you can ignore this message; nothing changes until the link or code is used.',
  zh: '如果这不是您本人的操作，请忽略此邮件；在链接或验证码被使用之前，不会有任何更改。',
};
