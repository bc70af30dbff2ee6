//! Connections: the accept loop (`listen`), the limits each connection is held to
//! (`connection`: header and idle deadlines, the cap on how many are open), hyper's
//! own refusals given our headers (`refusals`), and
//! HTTPS (`tls`: a certificate you have, `acme`: one obtained and renewed on its own).
pub mod acme;
pub mod connection;
pub mod listen;
pub mod refusals;
pub mod tls;
