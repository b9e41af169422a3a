/**
 * The reset mail in the language the app asked in (`lang` of POST /password/forgot),
 * English otherwise. `{{link}}` and `{{userName}}` are filled in; plain text only.
 */
import { DEFAULT_LOCALE, type Locale } from '@parley/protocol';

interface MailText {
  subject: string;
  body: string;
}

const TEXTS: Record<Locale, MailText> = {
  'en-US': {
    subject: 'Reset your Parley password',
    body: 'Someone asked to reset the password of the Parley account {{userName}}.\n\nOpen this link within 30 minutes to choose a new password (it works once):\n{{link}}\n\nIf it was not you, ignore this mail: your password stays as it is.',
  },
  'zh-CN': {
    subject: '重置你的 Parley 密码',
    body: '有人请求重置 Parley 账号 {{userName}} 的密码。\n\n请在 30 分钟内打开以下链接设置新密码（仅可使用一次）：\n{{link}}\n\n如果不是你本人操作，请忽略此邮件，你的密码不会改变。',
  },
  'zh-TW': {
    subject: '重設你的 Parley 密碼',
    body: '有人要求重設 Parley 帳號 {{userName}} 的密碼。\n\n請在 30 分鐘內開啟以下連結設定新密碼（僅能使用一次）：\n{{link}}\n\n如果不是你本人操作，請忽略此郵件，你的密碼不會改變。',
  },
  'id-ID': {
    subject: 'Atur ulang kata sandi Parley Anda',
    body: 'Seseorang meminta pengaturan ulang kata sandi akun Parley {{userName}}.\n\nBuka tautan ini dalam 30 menit untuk memilih kata sandi baru (hanya berlaku sekali):\n{{link}}\n\nJika bukan Anda, abaikan email ini: kata sandi Anda tetap sama.',
  },
  'vi-VN': {
    subject: 'Đặt lại mật khẩu Parley của bạn',
    body: 'Có người đã yêu cầu đặt lại mật khẩu của tài khoản Parley {{userName}}.\n\nHãy mở liên kết này trong vòng 30 phút để chọn mật khẩu mới (chỉ dùng được một lần):\n{{link}}\n\nNếu không phải bạn, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.',
  },
  'ko-KR': {
    subject: 'Parley 비밀번호 재설정',
    body: '누군가 Parley 계정 {{userName}}의 비밀번호 재설정을 요청했습니다.\n\n30분 안에 아래 링크를 열어 새 비밀번호를 정하세요(한 번만 사용할 수 있습니다):\n{{link}}\n\n본인이 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
  },
  'ja-JP': {
    subject: 'Parley のパスワードの再設定',
    body: 'Parley アカウント {{userName}} のパスワード再設定が依頼されました。\n\n30 分以内に次のリンクを開いて新しいパスワードを設定してください（1 回のみ有効）：\n{{link}}\n\n心当たりがない場合はこのメールを無視してください。パスワードは変わりません。',
  },
  'es-ES': {
    subject: 'Restablece tu contraseña de Parley',
    body: 'Alguien ha pedido restablecer la contraseña de la cuenta de Parley {{userName}}.\n\nAbre este enlace en los próximos 30 minutos para elegir una contraseña nueva (solo funciona una vez):\n{{link}}\n\nSi no has sido tú, ignora este correo: tu contraseña no cambia.',
  },
  'es-MX': {
    subject: 'Restablece tu contraseña de Parley',
    body: 'Alguien pidió restablecer la contraseña de la cuenta de Parley {{userName}}.\n\nAbre este enlace en los próximos 30 minutos para elegir una contraseña nueva (solo funciona una vez):\n{{link}}\n\nSi no fuiste tú, ignora este correo: tu contraseña no cambia.',
  },
  'pt-PT': {
    subject: 'Repor a sua palavra-passe do Parley',
    body: 'Alguém pediu para repor a palavra-passe da conta Parley {{userName}}.\n\nAbra esta ligação nos próximos 30 minutos para escolher uma nova palavra-passe (só funciona uma vez):\n{{link}}\n\nSe não foi você, ignore este e-mail: a sua palavra-passe mantém-se.',
  },
  'pt-BR': {
    subject: 'Redefina sua senha do Parley',
    body: 'Alguém pediu para redefinir a senha da conta Parley {{userName}}.\n\nAbra este link em até 30 minutos para escolher uma nova senha (ele funciona uma vez só):\n{{link}}\n\nSe não foi você, ignore este e-mail: sua senha continua a mesma.',
  },
  'fr-FR': {
    subject: 'Réinitialiser votre mot de passe Parley',
    body: 'Quelqu’un a demandé la réinitialisation du mot de passe du compte Parley {{userName}}.\n\nOuvrez ce lien dans les 30 minutes pour choisir un nouveau mot de passe (il ne sert qu’une fois) :\n{{link}}\n\nSi ce n’était pas vous, ignorez ce message : votre mot de passe reste le même.',
  },
  'fr-CA': {
    subject: 'Réinitialiser votre mot de passe Parley',
    body: 'Quelqu’un a demandé la réinitialisation du mot de passe du compte Parley {{userName}}.\n\nOuvrez ce lien d’ici 30 minutes pour choisir un nouveau mot de passe (il ne fonctionne qu’une fois) :\n{{link}}\n\nSi ce n’était pas vous, ignorez ce courriel : votre mot de passe reste le même.',
  },
  'ar-SA': {
    subject: 'إعادة تعيين كلمة مرور Parley',
    body: 'طلب أحدهم إعادة تعيين كلمة مرور حساب Parley ‏{{userName}}.\n\nافتح هذا الرابط خلال 30 دقيقة لاختيار كلمة مرور جديدة (يعمل مرة واحدة فقط):\n{{link}}\n\nإن لم تكن أنت من طلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  },
  'ru-RU': {
    subject: 'Сброс пароля Parley',
    body: 'Кто-то запросил сброс пароля учётной записи Parley {{userName}}.\n\nОткройте эту ссылку в течение 30 минут, чтобы задать новый пароль (она действует один раз):\n{{link}}\n\nЕсли это были не вы, просто проигнорируйте письмо: ваш пароль не изменится.',
  },
};

export function resetMailText(lang: Locale | undefined, userName: string, link: string): MailText {
  const text = TEXTS[lang ?? DEFAULT_LOCALE];
  const fill = (s: string) => s.replaceAll('{{userName}}', userName).replaceAll('{{link}}', link);
  return { subject: fill(text.subject), body: fill(text.body) };
}
