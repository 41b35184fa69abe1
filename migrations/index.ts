import * as migration_20261123_014547_initial from './20261123_014547_initial';
import * as migration_20261123_230500_rate_limits from './20261123_230500_rate_limits';
import * as migration_20261123_230600_email_confirmed_at from './20261123_230600_email_confirmed_at';
import * as migration_20261124_014121_s3_storage_fields from './20261124_014121_s3_storage_fields';
import * as migration_20261124_090000_site_stale_pages from './20261124_090000_site_stale_pages';
import * as migration_20261124_100000_site_time_sweep from './20261124_100000_site_time_sweep';
import * as migration_20261125_235604_moderation from './20261125_235604_moderation';
import * as migration_20261126_001403_appeals from './20261126_001403_appeals';
import * as migration_20261126_025505_lift_suspension from './20261126_025505_lift_suspension';
import * as migration_20261126_030416_versions_featured from './20261126_030416_versions_featured';
import * as migration_20261126_030655_admin_visits from './20261126_030655_admin_visits';
import * as migration_20261126_040046_follows from './20261126_040046_follows';
import * as migration_20261126_062633_mail_notifications from './20261126_062633_mail_notifications';
import * as migration_20261126_070259_search_index from './20261126_070259_search_index';
import * as migration_20261126_113000_search_gin_direct from './20261126_113000_search_gin_direct';
import * as migration_20261126_160000_site_pages from './20261126_160000_site_pages';
import * as migration_20261127_120000_search_title_words from './20261127_120000_search_title_words';
import * as migration_20261128_220142_two_factor from './20261128_220142_two_factor';
import * as migration_20261129_004824_session_devices from './20261129_004824_session_devices';
import * as migration_20261129_005013_mentions_event_reminders from './20261129_005013_mentions_event_reminders';
import * as migration_20261129_005536_push_notifications from './20261129_005536_push_notifications';
import * as migration_20261129_010000_passkeys from './20261129_010000_passkeys';
import * as migration_20261207_012904_messages from './20261207_012904_messages';
import * as migration_20261207_045537_messages_notify from './20261207_045537_messages_notify';
import * as migration_20261207_055843_market from './20261207_055843_market';
import * as migration_20261207_060549_safety_alerts from './20261207_060549_safety_alerts';
import * as migration_20261207_060900_lost_found from './20261207_060900_lost_found';
import * as migration_20261207_112245_seller from './20261207_112245_seller';
import * as migration_20261207_120604_talk from './20261207_120604_talk';
import * as migration_20261207_120850_market_kind from './20261207_120850_market_kind';
import * as migration_20261207_121650_message_speed from './20261207_121650_message_speed';

export const migrations = [
  {
    up: migration_20261123_014547_initial.up,
    down: migration_20261123_014547_initial.down,
    name: '20261123_014547_initial',
  },
  {
    up: migration_20261123_230500_rate_limits.up,
    down: migration_20261123_230500_rate_limits.down,
    name: '20261123_230500_rate_limits',
  },
  {
    up: migration_20261123_230600_email_confirmed_at.up,
    down: migration_20261123_230600_email_confirmed_at.down,
    name: '20261123_230600_email_confirmed_at',
  },
  {
    up: migration_20261124_014121_s3_storage_fields.up,
    down: migration_20261124_014121_s3_storage_fields.down,
    name: '20261124_014121_s3_storage_fields',
  },
  {
    up: migration_20261124_090000_site_stale_pages.up,
    down: migration_20261124_090000_site_stale_pages.down,
    name: '20261124_090000_site_stale_pages',
  },
  {
    up: migration_20261124_100000_site_time_sweep.up,
    down: migration_20261124_100000_site_time_sweep.down,
    name: '20261124_100000_site_time_sweep',
  },
  {
    up: migration_20261125_235604_moderation.up,
    down: migration_20261125_235604_moderation.down,
    name: '20261125_235604_moderation',
  },
  {
    up: migration_20261126_001403_appeals.up,
    down: migration_20261126_001403_appeals.down,
    name: '20261126_001403_appeals',
  },
  {
    up: migration_20261126_025505_lift_suspension.up,
    down: migration_20261126_025505_lift_suspension.down,
    name: '20261126_025505_lift_suspension',
  },
  {
    up: migration_20261126_030416_versions_featured.up,
    down: migration_20261126_030416_versions_featured.down,
    name: '20261126_030416_versions_featured',
  },
  {
    up: migration_20261126_030655_admin_visits.up,
    down: migration_20261126_030655_admin_visits.down,
    name: '20261126_030655_admin_visits',
  },
  {
    up: migration_20261126_040046_follows.up,
    down: migration_20261126_040046_follows.down,
    name: '20261126_040046_follows',
  },
  {
    up: migration_20261126_062633_mail_notifications.up,
    down: migration_20261126_062633_mail_notifications.down,
    name: '20261126_062633_mail_notifications',
  },
  {
    up: migration_20261126_070259_search_index.up,
    down: migration_20261126_070259_search_index.down,
    name: '20261126_070259_search_index',
  },
  {
    up: migration_20261126_113000_search_gin_direct.up,
    down: migration_20261126_113000_search_gin_direct.down,
    name: '20261126_113000_search_gin_direct',
  },
  {
    up: migration_20261126_160000_site_pages.up,
    down: migration_20261126_160000_site_pages.down,
    name: '20261126_160000_site_pages',
  },
  {
    up: migration_20261127_120000_search_title_words.up,
    down: migration_20261127_120000_search_title_words.down,
    name: '20261127_120000_search_title_words',
  },
  {
    up: migration_20261128_220142_two_factor.up,
    down: migration_20261128_220142_two_factor.down,
    name: '20261128_220142_two_factor',
  },
  {
    up: migration_20261129_004824_session_devices.up,
    down: migration_20261129_004824_session_devices.down,
    name: '20261129_004824_session_devices',
  },
  {
    up: migration_20261129_005013_mentions_event_reminders.up,
    down: migration_20261129_005013_mentions_event_reminders.down,
    name: '20261129_005013_mentions_event_reminders',
  },
  {
    up: migration_20261129_005536_push_notifications.up,
    down: migration_20261129_005536_push_notifications.down,
    name: '20261129_005536_push_notifications',
  },
  {
    up: migration_20261129_010000_passkeys.up,
    down: migration_20261129_010000_passkeys.down,
    name: '20261129_010000_passkeys',
  },
  {
    up: migration_20261207_012904_messages.up,
    down: migration_20261207_012904_messages.down,
    name: '20261207_012904_messages',
  },
  {
    up: migration_20261207_045537_messages_notify.up,
    down: migration_20261207_045537_messages_notify.down,
    name: '20261207_045537_messages_notify',
  },
  {
    up: migration_20261207_055843_market.up,
    down: migration_20261207_055843_market.down,
    name: '20261207_055843_market',
  },
  {
    up: migration_20261207_060549_safety_alerts.up,
    down: migration_20261207_060549_safety_alerts.down,
    name: '20261207_060549_safety_alerts',
  },
  {
    up: migration_20261207_060900_lost_found.up,
    down: migration_20261207_060900_lost_found.down,
    name: '20261207_060900_lost_found',
  },
  {
    up: migration_20261207_112245_seller.up,
    down: migration_20261207_112245_seller.down,
    name: '20261207_112245_seller',
  },
  {
    up: migration_20261207_120604_talk.up,
    down: migration_20261207_120604_talk.down,
    name: '20261207_120604_talk',
  },
  {
    up: migration_20261207_120850_market_kind.up,
    down: migration_20261207_120850_market_kind.down,
    name: '20261207_120850_market_kind',
  },
  {
    up: migration_20261207_121650_message_speed.up,
    down: migration_20261207_121650_message_speed.down,
    name: '20261207_121650_message_speed'
  },
];
