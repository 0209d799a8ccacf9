import { transliterate } from '../../src/core/text/translit';

describe('transliterate (KMU resolution 55 of 2010)', () => {
  // The resolution's own example column, one or more words per letter.
  it.each([
    ['Алушта', 'Alushta'],
    ['Борщагівка', 'Borshchahivka'],
    ['Вишгород', 'Vyshhorod'],
    ['Гадяч', 'Hadiach'],
    ['Згорани', 'Zghorany'],
    ['Ґалаґан', 'Galagan'],
    ['Дон', 'Don'],
    ['Рівне', 'Rivne'],
    ['Єнакієве', 'Yenakiieve'],
    ['Гаєвич', 'Haievych'],
    ['Короп’є', 'Koropie'],
    ['Житомир', 'Zhytomyr'],
    ['Закарпаття', 'Zakarpattia'],
    ['Медвин', 'Medvyn'],
    ['Михайленко', 'Mykhailenko'],
    ['Іванків', 'Ivankiv'],
    ['Їжакевич', 'Yizhakevych'],
    ['Кадиївка', 'Kadyivka'],
    ["Мар'їне", 'Marine'],
    ['Йосипівка', 'Yosypivka'],
    ['Стрий', 'Stryi'],
    ['Олексій', 'Oleksii'],
    ['Київ', 'Kyiv'],
    ['Лебедин', 'Lebedyn'],
    ['Миколаїв', 'Mykolaiv'],
    ['Ніжин', 'Nizhyn'],
    ['Одеса', 'Odesa'],
    ['Полтава', 'Poltava'],
    ['Ромни', 'Romny'],
    ['Суми', 'Sumy'],
    ['Тетерів', 'Teteriv'],
    ['Ужгород', 'Uzhhorod'],
    ['Фастів', 'Fastiv'],
    ['Харків', 'Kharkiv'],
    ['Біла Церква', 'Bila Tserkva'],
    ['Чернівці', 'Chernivtsi'],
    ['Шостка', 'Shostka'],
    ['Гоща', 'Hoshcha'],
    ['Русь', 'Rus'],
    ['Львів', 'Lviv'],
    ['Юрій', 'Yurii'],
    ['Крюківка', 'Kriukivka'],
    ['Яготин', 'Yahotyn'],
    ['Ічня', 'Ichnia'],
    ["Знам'янка", 'Znamianka'],
  ])('%s → %s', (uk, lat) => {
    expect(transliterate(uk)).toBe(lat);
  });

  it.each([
    ['ЗГУРСЬКИЙ', 'ZGHURSKYI'],
    ['Згурський', 'Zghurskyi'],
    ['Розгон', 'Rozghon'],
    ['ЗГ', 'ZGH'],
    ['ЯРОШ', 'YAROSH'],
    ['Ярош', 'Yarosh'],
    ['Щербухи', 'Shcherbukhy'],
    ['ЩЕРБУХИ', 'SHCHERBUKHY'],
    ['Гаврилюк', 'Havryliuk'],
    ['ГАВРИЛЮК', 'HAVRYLIUK'],
    ['Іванов Іван', 'Ivanov Ivan'],
    ['ЄНАКІЄВЕ', 'YENAKIIEVE'],
    ['ЇЖАКЕВИЧ', 'YIZHAKEVYCH'],
    ['ЖИТОМИР', 'ZHYTOMYR'],
    ['ЛЬВІВ', 'LVIV'],
    ['ГРИЩ', 'HRYSHCH'],
    ["ЗНАМ'ЯНКА", 'ZNAMIANKA'],
    ['ІВАНОВ Іван Юрійович', 'IVANOV Ivan Yuriiovych'],
    ['Ю. Щ. Коваль', 'Yu. Shch. Koval'],
  ])('capitals: %s → %s', (uk, lat) => {
    expect(transliterate(uk)).toBe(lat);
  });

  it.each([
    ['Знам’янка', 'Znamianka'],
    ['Знамʼянка', 'Znamianka'],
    ['Знам`янка', 'Znamianka'],
    ["Знам'янка", 'Znamianka'],
  ])('drops the apostrophe in every spelling: %s', (uk, lat) => {
    expect(transliterate(uk)).toBe(lat);
  });

  it('starts a new word after a hyphen, a space or punctuation', () => {
    expect(transliterate('Петро-Юрій')).toBe('Petro-Yurii');
    expect(transliterate('Іван Яковлевич')).toBe('Ivan Yakovlevych');
    expect(transliterate('(Євген)')).toBe('(Yevhen)');
  });

  it('reads a decomposed й and ї as the letters they show', () => {
    expect(transliterate('Андрі\u0438\u0306')).toBe('Andrii');
    expect(transliterate('\u0406\u0308жак')).toBe('Yizhak');
  });

  it('passes through everything that is not Ukrainian', () => {
    expect(transliterate('')).toBe('');
    expect(transliterate('John Smith 123, Ltd.')).toBe('John Smith 123, Ltd.');
    expect(transliterate("O'Brien")).toBe("O'Brien");
    expect(transliterate('Ёж Ы Э')).toBe('Ёzh Ы Э');
    expect(transliterate('ТОВ "Ромашка" №5')).toBe('TOV "Romashka" №5');
  });

  it('keeps quotes that are not inside a word', () => {
    expect(transliterate("ТОВ 'Ромашка'")).toBe("TOV 'Romashka'");
  });

  it('leaves no Ukrainian letter behind in any Ukrainian text', () => {
    const alphabet = 'АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯабвгґдеєжзиіїйклмнопрстуфхцчшщьюя';
    const out = transliterate(alphabet);
    expect(out).toMatch(/^[A-Za-z]+$/);
  });
});
