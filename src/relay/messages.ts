import { inBothLanguages } from '../core/text/both-languages';
import { defineCatalogue } from '../core/text/i18n';

/** What the relay says to analysts (in `{error, message}` answers) and to its operator. */
export const relayMessages = defineCatalogue(
  {
    'key.missing': 'No analyst key: put your analyst key where the token goes.',
    'key.unknown': 'Unknown analyst key: check the key your administrator gave you.',
    'key.revoked': 'This analyst key was revoked: ask your administrator for a new one.',
    'bearer.invalid': 'The Microsoft sign-in token was not accepted: sign in again.',
    'rate.limited': 'Too many requests from your key: wait {seconds} s and try again.',
    'budget.spent': "The organisation's daily request budget is spent: requests resume tomorrow.",
    'role.noSearch': 'Your key reads records only (role: auditor or admin): it cannot search.',
    'decision.role': 'Your key cannot record decisions (role: auditor or admin).',
    'certificate.none':
      'This request has no archived answer to certify (it was refused, or answered before the archive existed).',
    'certificate.ids': 'Name 1 to {limit} relay audit numbers in ids.',
    'certificate.notFoundId': 'No request no. {id} of yours: leave it out, or ask an auditor.',
    'certificate.notFoundAnyId': 'No request no. {id}: leave it out.',
    'certificate.noneId':
      'Request no. {id} has no archived answer to certify (it was refused, answered before the archive existed, or pruned): leave it out.',
    'decision.approveRole': 'Only an approver can approve a decision.',
    'decision.pendingRole': 'Your key neither decides nor approves: it has no decisions waiting for approval.',
    'decision.ownApproval': 'A decision needs a second person: its author cannot approve it.',
    'decision.unknown': 'No such decision.',
    'decision.badId': 'Name the decision to approve by its id: a whole number above 0.',
    'decision.badReturnId': 'Name the decision to return by its id: a whole number above 0.',
    'decision.returnRole': 'Only an approver can return a decision for review.',
    'decision.ownReturn': 'Its author cannot return their own decision: record a new one on the hit instead.',
    'decision.returnComment':
      'Say why the decision goes back: a comment of 1 to 2,000 characters, with no NUL character.',
    'decision.notPending':
      'This decision is not waiting for approval (approved already, superseded, or not under four-eyes).',
    'decision.exportRole': 'Only an auditor exports the whole decision record.',
    'audit.ownOnly':
      "Your key reads your own requests in the audit trail ({analyst}'s); an auditor's key reads everyone's.",
    'decision.many': 'At most {limit} decisions in one request.',
    cooldown:
      'The service refused the organisation account ({code}: {reason}); the relay pauses every request for {seconds} s. Tell your administrator.',
    'upstream.down': 'The CheckLists service cannot be reached from the relay right now; try again later.',
    'store.down': 'The relay cannot write its audit trail right now, so it answers nothing; try again shortly.',
    'folder.private':
      'PostgreSQL runs as the postgres user here, and it cannot pass through {folder}, so it cannot reach {dir}. Choose a data folder it can reach (for example --data-dir /var/lib/checklists-relay), or let it through: chmod o+x {folder}.',
    'database.unusable':
      'PostgreSQL {store} cannot be used: {why}. Check that it runs, and the address, user, password and database in --database-url.',
    'database.badUrl': '--database-url is not a URL; write it as postgres://USER:PASSWORD@HOST:5432/DATABASE.',
    'port.inUse': 'Port {port} on {host} is taken by another program: stop it, or give this relay another --port.',
    'port.denied':
      'Port {port} on {host} needs rights this user lacks: use a port above 1023 (8443, say) behind the firewall or proxy.',
    'file.missing': '{option} {path}: there is no such file.',
    'file.unreadable': '{option} {path} cannot be read ({why}).',
    'fourEyes.unknown':
      '--four-eyes {registry}: no such registry. Name one or more of {registries}, separated by commas.',
    'publicUrl.bad':
      '--public-url {value}: give the address analysts open, with its scheme, for example https://relay.bank.example',
    'folder.inUse':
      'Another relay (process {pid}) serves {dir}. One relay per data folder: stop that one, or give this one another --data-dir; several relays share a database through --database-url.',
    'spoolDir.inUse':
      'Another relay (process {pid}) keeps its asked rows in {dir}. One relay per spool folder: give this one a --spool-dir of its own.',
    'body.json': 'The request body is not a JSON object.',
    'body.large': 'The request body is larger than {limit} bytes.',
    'body.slow': 'The request body did not arrive in time.',
    'params.many': 'The request has more than {limit} query parameters.',
    'key.inUrl':
      'The key was sent in the address (?tokken=…), and proxies and browsers keep addresses in their logs. Send it in the tokken field of a POST body, and ask your administrator to replace it.',
    'headers.large': 'The request line or headers are too large.',
    'bad.request': 'The request could not be read.',
    'bad.time':
      '{option} {value}: not a date or time. Use YYYY-MM-DD or DD.MM.YYYY (a whole day, Kyiv time), or YYYY-MM-DDThh:mm[:ss], Kyiv time unless Z or ±hh:mm follows.',
    'host.bad':
      'The Host header is not a plain host name, so no manifest can be built for it. The relay administrator sets --public-url.',
    timeout: 'The request took too long to arrive.',
    'not.found': 'Not found.',
    method: 'Use {allowed} for {path}.',
    busy: 'The relay is busy; try again in a moment.',
    internal: 'The relay failed to answer this request.',
    'keys.added': 'Key for {name} (role: {role}) created. It is shown once; give it to its holder:',
    'keys.badRole': 'Role "{role}": use one of {roles}, and only with keys add.',
    'keys.exists': 'An analyst named {name} already exists; revoke it or choose another name.',
    'keys.revoked': 'Key of {name} revoked.',
    'keys.notFound': 'No active key for {name}.',
    'keys.badName': 'Analyst name "{name}": use 1 to 64 letters, digits, dot, dash, underscore or @.',
    'keys.needName': 'Name the analyst: checklists relay keys {action} NAME',
    'usage.action': 'checklists relay {command}: say what to do, one of: {actions}.',
    'usage.actionUnknown': 'checklists relay {command} {value}: unknown; use one of: {actions}.',
    'usage.command': 'checklists relay {value}: no such command.',
    'usage.commandNear': 'checklists relay {value}: no such command. Did you mean "{near}"?',
    'usage.together': '{options} go together: give all of them, or none.',
    'usage.years': '--archive-years {value}: give a whole number of years, 1 or more (the law asks for 5).',
    'usage.oneFormat': 'Choose one of --csv and --json.',
    'usage.restoreFile': 'Name the backup file: checklists relay restore FILE',
    'keys.mixedScripts': 'Analyst name "{name}" mixes Latin and Cyrillic letters: type it in one alphabet.',
    'keys.lookAlike':
      'Analyst name "{name}" looks like the existing "{existing}": a second analyst nobody could tell apart in the audit. Use that name, or one that looks different.',
    'keys.none': 'No analyst keys yet.',
    'keys.columns': 'name\trole\tstate\tcreated (UTC)\trevoked (UTC)',
    'data.none':
      'No relay data in {dir}: give --data-dir the folder the relay runs with, or --database-url. A new one is made only by the first start of the relay, "relay keys add" or "relay restore".',
    listening: 'Relay listening on {url} (public address {public}); upstream: {upstream}; data: {store}',
    'public.fromHost': "from each request's Host header; set --public-url for a central deployment",
    'upstream.sandbox': '{upstream} (a CheckLists sandbox: FICTIONAL data, and every certificate says so)',
    'store.embedded': 'embedded PostgreSQL in {dir}',
    'store.byUrl': 'PostgreSQL {server}',
    'addin.missing':
      'Warning: the add-in is not built in {dir} (no taskpane.html). /api serves, but Excel finds no task pane and /manifest.xml is missing: build it with ADDIN_HOST=<public address> npm run build, or give --dist.',
    usage:
      'Usage: checklists relay [--port N] [--host H] [--data-dir DIR | --database-url URL [--spool-dir DIR]] [--public-url URL] [--cert F --key F | --trust-proxy] [--four-eyes REGISTRIES]\n       checklists relay keys add|list|revoke|rotate [NAME] [--role analyst|approver|auditor|admin] [--data-dir DIR | --database-url URL]\n       checklists relay audit [--from DATE] [--to DATE] [--analyst NAME] [--name TEXT] [--code CODE] [--csv] [--out FILE] [--data-dir DIR | --database-url URL]\n       checklists relay verify [--data-dir DIR | --database-url URL]\n       checklists relay archive prune [--archive-years N] [--data-dir DIR | --database-url URL]\n       checklists relay decisions export [--csv | --json] [--since DATE] [--out FILE] [--data-dir DIR | --database-url URL]\n       checklists relay backup [--out FILE] | restore FILE [--data-dir DIR | --database-url URL]\nEvery option: checklists relay --help; docs/relay.md',
    noUpstream: 'No upstream: set CHECKLISTS_URL, CHECKLISTS_TOKKEN and CHECKLISTS_SUBJECT_ID, or --config FILE.',
    'tokkenFile.open': 'The token file {path} can be read by other users: chmod 600 it.',
    'tlsKey.open': 'The TLS private key {path} can be read by other users: chmod 600 it.',
    'verify.ok': 'Answer archive intact: {rows} {rows|row|rows}; chain head {head}',
    'verify.cut': 'Rows before id {id} were removed by a prune; the chain is checked from its recorded cut.',
    'verify.digest':
      'Answer archive BROKEN at row {id}: its answer does not match its SHA-256 (the {rows} {rows|row|rows} before it intact).',
    'verify.chain':
      'Answer archive BROKEN at row {id}: its chain hash does not follow from the row before it (a row changed, inserted or removed; the {rows} {rows|row|rows} before it intact).',
    'verify.missing': 'Answer archive BROKEN: row {id}, named by the audit trail, is missing.',
    'archive.pruned':
      'Removed {removed} archived {removed|answer|answers} received before {before}; chain at the cut: {chain}',
    'backup.written': 'Backup written: {file}',
    'export.written': 'Written: {file} ({rows} {rows|row|rows}).',
    'audit.none': 'No audit rows match.',
    'decisions.none': 'No decisions recorded in that period.',
    'audit.noneAnalyst':
      'No audit rows match for analyst "{analyst}". Names match exactly, as "checklists relay keys list" shows them (Entra sign-ins as entra:NAME).',
    'audit.noneSubject':
      'The client is matched by part of the name as screened (any case; in Latin letters, also by the official transliteration of a Cyrillic name) and by a whole tax, EDRPOU or document number, as typed in the query; a request made with other details is not theirs.',
    'backup.exists': '{file} already exists: a backup never writes over a file. Give another --out.',
    'restore.done': 'Restored: {rows}. Check the archive with: checklists relay verify',
    'restore.refused': 'Nothing restored: {why}.',
    'restore.unreadable': 'Nothing restored: the backup {file} cannot be read ({why}).',
  },
  {
    'key.missing': 'Немає ключа аналітика: вкажіть свій ключ аналітика там, де вказують токен.',
    'key.unknown': 'Невідомий ключ аналітика: перевірте ключ, який видав адміністратор.',
    'key.revoked': 'Цей ключ аналітика відкликано: попросіть адміністратора про новий.',
    'bearer.invalid': 'Токен входу Microsoft не прийнято: увійдіть знову.',
    'rate.limited': 'Забагато запитів із вашого ключа: зачекайте {seconds} с і спробуйте знову.',
    'budget.spent': 'Денний ліміт запитів організації вичерпано: запити відновляться завтра.',
    'role.noSearch': 'Ваш ключ дає лише читання записів (роль: аудитор або адміністратор): шукати з ним не можна.',
    'decision.role': 'Ваш ключ не може записувати рішення (роль: аудитор або адміністратор).',
    'certificate.none':
      'Для цього запиту немає архівної відповіді, яку можна засвідчити (у запиті відмовлено або відповідь надійшла до появи архіву).',
    'certificate.ids': 'Укажіть в ids від 1 до {limit} номерів у журналі релея.',
    'certificate.notFoundId': 'Вашого запиту № {id} немає: вилучіть його або зверніться до аудитора.',
    'certificate.notFoundAnyId': 'Запиту № {id} немає: вилучіть його.',
    'certificate.noneId':
      'Для запиту № {id} немає архівної відповіді, яку можна засвідчити (у ньому відмовлено, відповідь надійшла до появи архіву або її вилучено за строком): вилучіть його.',
    'decision.approveRole': 'Погодити рішення може лише затверджувач.',
    'decision.pendingRole': 'Ваш ключ не записує й не погоджує рішень: для нього нічого не чекає на погодження.',
    'decision.ownApproval': 'Рішення потребує другої особи: його автор не може його погодити.',
    'decision.unknown': 'Такого рішення немає.',
    'decision.badId': 'Укажіть рішення для погодження його номером: цілим числом понад 0.',
    'decision.badReturnId': 'Укажіть рішення, яке повертаєте, його номером: цілим числом понад 0.',
    'decision.returnRole': 'Повернути рішення на перевірку може лише затверджувач.',
    'decision.ownReturn': 'Автор не може повернути власне рішення: натомість запишіть нове рішення щодо збігу.',
    'decision.returnComment': 'Укажіть, чому рішення повертається: коментар від 1 до 2 000 символів, без символу NUL.',
    'decision.notPending':
      'Це рішення не чекає на погодження (уже погоджене, замінене новішим або не під правилом чотирьох очей).',
    'decision.exportRole': 'Увесь реєстр рішень експортує лише аудитор.',
    'audit.ownOnly': 'Ваш ключ читає в журналі аудиту лише ваші запити ({analyst}); ключ аудитора — усі.',
    'decision.many': 'Не більше ніж {limit} рішень в одному запиті.',
    cooldown:
      'Сервіс відмовив обліковому запису організації ({code}: {reason}); релей призупиняє всі запити на {seconds} с. Повідомте адміністратора.',
    'upstream.down': 'Сервіс CheckLists зараз недоступний із релея; спробуйте пізніше.',
    'store.down': 'Релей зараз не може записати журнал аудиту, тож нічого не відповідає; спробуйте трохи згодом.',
    'folder.private':
      'PostgreSQL тут працює від імені користувача postgres, а він не може пройти крізь {folder}, тож не дістанеться до {dir}. Виберіть теку даних, до якої він дістанеться (наприклад, --data-dir /var/lib/checklists-relay), або дозвольте прохід: chmod o+x {folder}.',
    'database.unusable':
      'PostgreSQL {store} не вдається використати: {why}. Перевірте, що він працює, і адресу, користувача, пароль та базу в --database-url.',
    'database.badUrl': '--database-url — не URL; запишіть його як postgres://КОРИСТУВАЧ:ПАРОЛЬ@ХОСТ:5432/БАЗА.',
    'port.inUse': 'Порт {port} на {host} зайняла інша програма: зупиніть її або вкажіть цьому релею інший --port.',
    'port.denied':
      'Порт {port} на {host} потребує прав, яких цей користувач не має: візьміть порт понад 1023 (скажімо, 8443) за брандмауером чи проксі.',
    'file.missing': '{option} {path}: такого файлу немає.',
    'file.unreadable': '{option} {path} не вдається прочитати ({why}).',
    'fourEyes.unknown':
      '--four-eyes {registry}: такого реєстру немає. Назвіть один чи кілька з {registries} через кому.',
    'publicUrl.bad':
      '--public-url {value}: вкажіть адресу, яку відкривають аналітики, разом зі схемою, наприклад https://relay.bank.example',
    'folder.inUse':
      'Теку {dir} уже обслуговує інший релей (процес {pid}). Одна тека даних — один релей: зупиніть той або вкажіть цьому іншу --data-dir; кілька релеїв спільно використовують базу через --database-url.',
    'spoolDir.inUse':
      'Інший релей (процес {pid}) тримає записи «запитано» в {dir}. Одна тека спулу — один релей: вкажіть цьому власну --spool-dir.',
    'body.json': 'Тіло запиту не є об’єктом JSON.',
    'body.large': 'Тіло запиту більше за {limit} байтів.',
    'body.slow': 'Тіло запиту не надійшло вчасно.',
    'params.many': 'У запиті більше ніж {limit} параметрів.',
    'key.inUrl':
      'Ключ надіслано в адресі запиту, а адреси проксі й браузери зберігають у своїх журналах. Надсилайте його в тілі POST-запиту (tokken) і попросіть адміністратора замінити ключ.',
    'headers.large': 'Рядок запиту або заголовки завеликі.',
    'bad.request': 'Запит не вдалося прочитати.',
    'bad.time':
      '{option} {value}: це не дата й не час. Пишіть РРРР-ММ-ДД або ДД.ММ.РРРР (цілий день за київським часом) чи РРРР-ММ-ДДTгг:хх[:сс], за київським часом, якщо після нього немає Z чи ±гг:хх.',
    'host.bad':
      'Заголовок Host не є звичайним іменем хоста, тож маніфест для нього не побудувати. Адміністратор relay задає --public-url.',
    timeout: 'Запит надходив задовго.',
    'not.found': 'Не знайдено.',
    method: 'Для {path} використовуйте {allowed}.',
    busy: 'Релей зайнятий; спробуйте за мить.',
    internal: 'Релей не зміг відповісти на цей запит.',
    'keys.added': 'Ключ для {name} (роль: {role}) створено. Його показано один раз; передайте його власнику:',
    'keys.badRole': 'Роль «{role}»: вкажіть одну з {roles}, і лише з keys add.',
    'keys.exists': 'Аналітик {name} уже існує; відкличте його ключ або виберіть інше ім’я.',
    'keys.revoked': 'Ключ {name} відкликано.',
    'keys.notFound': 'Немає чинного ключа для {name}.',
    'keys.badName': 'Ім’я аналітика «{name}»: від 1 до 64 літер, цифр, крапок, дефісів, підкреслень або @.',
    'keys.needName': 'Назвіть аналітика: checklists relay keys {action} ІМ’Я',
    'usage.action': 'checklists relay {command}: укажіть, що зробити, одне з: {actions}.',
    'usage.actionUnknown': 'checklists relay {command} {value}: невідомо; вживайте одне з: {actions}.',
    'usage.command': 'checklists relay {value}: такої команди немає.',
    'usage.commandNear': 'checklists relay {value}: такої команди немає. Можливо, «{near}»?',
    'usage.together': '{options} задаються разом: усі або жодного.',
    'usage.years': '--archive-years {value}: потрібне ціле число років, від 1 (закон вимагає 5).',
    'usage.oneFormat': 'Оберіть одне: --csv або --json.',
    'usage.restoreFile': 'Назвіть файл резервної копії: checklists relay restore ФАЙЛ',
    'keys.mixedScripts': 'Ім’я аналітика «{name}» змішує латинські й кириличні літери: наберіть його одним алфавітом.',
    'keys.lookAlike':
      'Ім’я аналітика «{name}» виглядає як наявне «{existing}»: другий аналітик, якого в аудиті ніхто не відрізнить. Використайте те ім’я або інше, що виглядає інакше.',
    'keys.none': 'Ключів аналітиків ще немає.',
    'keys.columns': 'ім’я\tроль\tстан\tстворено (UTC)\tвідкликано (UTC)',
    'data.none':
      'У {dir} немає даних релею: укажіть у --data-dir теку, з якою працює релей, або --database-url. Нові дані створюють лише перший запуск релею, «relay keys add» і «relay restore».',
    listening: 'Релей слухає {url} (публічна адреса {public}); сервіс: {upstream}; дані: {store}',
    'public.fromHost': 'з заголовка Host кожного запиту; для централізованого розгортання задайте --public-url',
    'upstream.sandbox': '{upstream} (пісочниця CheckLists: ВИГАДАНІ дані, і це сказано в кожній довідці)',
    'store.embedded': 'вбудований PostgreSQL у {dir}',
    'store.byUrl': 'PostgreSQL {server}',
    'addin.missing':
      'Увага: надбудову не зібрано в {dir} (немає taskpane.html). /api працює, але Excel не знайде панелі, а /manifest.xml немає: зберіть її командою ADDIN_HOST=<публічна адреса> npm run build або вкажіть --dist.',
    usage:
      'Використання: checklists relay [--port N] [--host H] [--data-dir ТЕКА | --database-url URL [--spool-dir ТЕКА]] [--public-url URL] [--cert Ф --key Ф | --trust-proxy] [--four-eyes РЕЄСТРИ]\n       checklists relay keys add|list|revoke|rotate [ІМ’Я] [--role analyst|approver|auditor|admin] [--data-dir ТЕКА | --database-url URL]\n       checklists relay audit [--from ДАТА] [--to ДАТА] [--analyst ІМ’Я] [--name ТЕКСТ] [--code КОД] [--csv] [--out ФАЙЛ] [--data-dir ТЕКА | --database-url URL]\n       checklists relay verify [--data-dir ТЕКА | --database-url URL]\n       checklists relay archive prune [--archive-years N] [--data-dir ТЕКА | --database-url URL]\n       checklists relay decisions export [--csv | --json] [--since ДАТА] [--out ФАЙЛ] [--data-dir ТЕКА | --database-url URL]\n       checklists relay backup [--out ФАЙЛ] | restore ФАЙЛ [--data-dir ТЕКА | --database-url URL]\nУсі параметри: checklists relay --help; docs/relay.md',
    noUpstream: 'Немає сервісу: задайте CHECKLISTS_URL, CHECKLISTS_TOKKEN і CHECKLISTS_SUBJECT_ID або --config ФАЙЛ.',
    'tokkenFile.open': 'Файл токена {path} можуть читати інші користувачі: виконайте chmod 600.',
    'tlsKey.open': 'Закритий ключ TLS {path} можуть читати інші користувачі: виконайте chmod 600.',
    'verify.ok': 'Архів відповідей цілий: {rows} {rows|запис|записи|записів}; голова ланцюжка {head}',
    'verify.cut': 'Записи до id {id} видалено очищенням; ланцюжок перевірено від записаного місця розрізу.',
    'verify.digest':
      'Архів відповідей ПОШКОДЖЕНО в записі {id}: відповідь не збігається з її SHA-256 (цілих записів перед ним: {rows}).',
    'verify.chain':
      'Архів відповідей ПОШКОДЖЕНО в записі {id}: його хеш ланцюжка не випливає з попереднього запису (запис змінено, вставлено або видалено; цілих записів перед ним: {rows}).',
    'verify.missing': 'Архів відповідей ПОШКОДЖЕНО: запису {id}, на який посилається журнал аудиту, немає.',
    'archive.pruned':
      'Видалено архівних відповідей, отриманих до {before}: {removed}; ланцюжок у місці розрізу: {chain}',
    'backup.written': 'Резервну копію записано: {file}',
    'export.written': 'Записано: {file} ({rows} {rows|рядок|рядки|рядків}).',
    'audit.none': 'Жодного рядка аудиту не знайдено.',
    'decisions.none': 'За цей період рішень не записано.',
    'audit.noneAnalyst':
      'Жодного рядка аудиту для аналітика «{analyst}». Імена збігаються точно, як їх показує «checklists relay keys list» (входи Entra — як entra:ІМ’Я).',
    'audit.noneSubject':
      'Клієнта шукають за частиною імені, як його перевіряли (регістр неважливий; латиницею — також за офіційною транслітерацією імені, записаного кирилицею), і за цілим податковим номером, кодом ЄДРПОУ чи номером документа, як їх указано в запиті; запит з іншими даними — не його.',
    'backup.exists': '{file} уже існує: резервна копія ніколи не записується поверх файлу. Вкажіть інший --out.',
    'restore.done': 'Відновлено: {rows}. Перевірте архів: checklists relay verify',
    'restore.refused': 'Нічого не відновлено: {why}.',
    'restore.unreadable': 'Нічого не відновлено: резервну копію {file} не вдається прочитати ({why}).',
  },
);

export type RelayMessageKey = keyof typeof relayMessages.en;

/** One `message` for the interface's error form: Ukrainian first, as the service writes, then English. */
export function bilingual(key: RelayMessageKey, params?: Record<string, string | number>): string {
  return inBothLanguages(relayMessages.text(key, params));
}
