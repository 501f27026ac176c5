#!/usr/bin/env python3
"""Collects the program's messages into po/weibo-notifier.pot and merges them into the catalogs.

A message is the string literal given to `tr(...)` or `trn(..., ...)` (the free functions of
WeiboPlatform and the methods of WeiboKit's Localizer). xgettext has no Swift parser, so this
script reads Swift's literals itself: plain ones, multi-line ones (indentation removed as Swift
does) and their escapes. An id must be a literal without interpolation: a call with anything
else is an error, so that no message escapes the catalog.

    Scripts/update-messages.py              write po/weibo-notifier.pot, msgmerge every po/*.po
    Scripts/update-messages.py --pot FILE   only write the template to FILE (the tests use this)
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALL = re.compile(r'(?<![A-Za-z0-9_])(func\s+)?(trn?)\(\s*')
ESCAPES = {'\\': '\\', '"': '"', "'": "'", 'n': '\n', 't': '\t', 'r': '\r', '0': '\0'}


class MessageError(Exception):
    pass


def unescape(text, where):
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c != '\\':
            out.append(c)
            i += 1
            continue
        nxt = text[i + 1] if i + 1 < len(text) else ''
        if nxt in ESCAPES:
            out.append(ESCAPES[nxt])
            i += 2
        elif nxt == 'u' and text[i + 2:i + 3] == '{':
            end = text.index('}', i)
            out.append(chr(int(text[i + 3:end], 16)))
            i = end + 1
        elif nxt == '(':
            raise MessageError(f'{where}: a message id cannot interpolate; use %s and an argument')
        else:
            raise MessageError(f'{where}: unknown escape \\{nxt}')
    return ''.join(out)


def literal(source, start, where):
    """The value of the string literal at `start` and the index after it."""
    if source.startswith('"""', start):
        end = source.index('"""', start + 3)
        body = source[start + 3:end]
        lines = body.split('\n')[1:]  # the text starts on the line after the opening quotes
        indent = lines[-1]  # the whitespace before the closing quotes
        if indent.strip():
            raise MessageError(f'{where}: the closing """ must be on a line of its own')
        text = ''
        for index, line in enumerate(lines[:-1]):
            line = line[len(indent):] if line.startswith(indent) else line.lstrip(' ')
            continued = (len(line) - len(line.rstrip('\\'))) % 2 == 1  # a backslash joins the next line
            text += unescape(line[:-1] if continued else line, where)
            if not continued and index < len(lines) - 2:
                text += '\n'
        return text, end + 3
    if source.startswith('"', start):
        i = start + 1
        while source[i] != '"':
            if source[i] == '\n':
                raise MessageError(f'{where}: unterminated string')
            i += 2 if source[i] == '\\' else 1
        return unescape(source[start + 1:i], where), i + 1
    raise MessageError(f'{where}: the message id must be a string literal')


def messages():
    """(msgid, msgid_plural or None) → list of 'path:line', in the order first seen."""
    found = {}
    for folder, _, files in sorted(os.walk(os.path.join(ROOT, 'Sources'))):
        for name in sorted(files):
            if not name.endswith('.swift'):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, ROOT)
            source = open(path, encoding='utf-8').read()
            for match in CALL.finditer(source):
                if match.group(1):
                    continue  # the definition of tr/trn itself
                line = source.count('\n', 0, match.start()) + 1
                where = f'{relative}:{line}'
                msgid, after = literal(source, match.end(), where)
                plural = None
                if match.group(2) == 'trn':
                    comma = re.compile(r'\s*,\s*').match(source, after)
                    if not comma:
                        raise MessageError(f'{where}: trn needs a plural literal')
                    plural, after = literal(source, comma.end(), where)
                if not msgid:
                    raise MessageError(f'{where}: an empty message id is the catalog header')
                found.setdefault((msgid, plural), []).append(where)
    return found


def po_string(text):
    escaped = text.replace('\\', '\\\\').replace('"', '\\"').replace('\t', '\\t')
    parts = escaped.split('\n')
    if len(parts) == 1:
        return f'"{escaped}"'
    pieces = [part + '\\n' for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return '""\n' + '\n'.join(f'"{piece}"' for piece in pieces)


def template(found):
    out = [
        '# Messages of weibo-notifier, collected by Scripts/update-messages.py.',
        '# This file is generated: translate in po/<language>.po instead.',
        '#, fuzzy',
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: weibo-notifier\\n"',
        '"Language: \\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"',
        '',
    ]
    for (msgid, plural), places in found.items():
        out += [f'#: {place}' for place in places]
        if '%' in msgid or (plural and '%' in plural):
            out.append('#, c-format')
        out.append(f'msgid {po_string(msgid)}')
        if plural is None:
            out.append('msgstr ""')
        else:
            out += [f'msgid_plural {po_string(plural)}', 'msgstr[0] ""', 'msgstr[1] ""']
        out.append('')
    return '\n'.join(out)


def main():
    try:
        found = messages()
    except MessageError as error:
        sys.exit(f'update-messages: {error}')
    if len(sys.argv) == 3 and sys.argv[1] == '--pot':
        open(sys.argv[2], 'w', encoding='utf-8').write(template(found))
        return
    if len(sys.argv) != 1:
        sys.exit(__doc__)
    pot = os.path.join(ROOT, 'po', 'weibo-notifier.pot')
    open(pot, 'w', encoding='utf-8').write(template(found))
    print(f'{len(found)} messages in {os.path.relpath(pot, ROOT)}')
    for name in sorted(os.listdir(os.path.join(ROOT, 'po'))):
        if name.endswith('.po'):
            po = os.path.join(ROOT, 'po', name)
            subprocess.run(['msgmerge', '--quiet', '--update', '--backup=none', '--no-wrap', po, pot], check=True)
            subprocess.run(['msgfmt', '--check', '--statistics', '-o', '/dev/null', po], check=True)


if __name__ == '__main__':
    main()
