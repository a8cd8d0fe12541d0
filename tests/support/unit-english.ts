import type { Messages } from '@lingui/core';
import pages from '#common/catalogues/pages/en.json';
import { i18n } from '../../src/client/i18n/i18n.ts';

// Unit tests read the browser's messages in English, all of them: a page's catalogue is otherwise fetched with it.
i18n.load('en', pages as Messages);
