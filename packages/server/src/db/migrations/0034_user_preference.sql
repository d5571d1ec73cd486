-- Each staff user's own settings of the web app (rows per page, density, chosen columns, saved filters),
-- kept on the server so that they follow the user from one browser to another. One JSON value per key.
create table user_preference (
  login varchar(100) not null,
  key varchar(100) not null,
  value jsonb not null,
  updated timestamptz not null default now(),
  primary key (login, key)
);
