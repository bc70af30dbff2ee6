//! HTTP tests of the served site: routes, the 404 page, assets, compression,
//! ETags, HEAD, security headers, the health check, the data directory and stopping.
use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::time::{Duration, Instant};

use common::{Server, client, manifest_dir};
use reqwest::{Response, StatusCode, header};

fn assert_security_headers(response: &Response) {
    let h = response.headers();
    let csp = h
        .get("content-security-policy")
        .expect("CSP header")
        .to_str()
        .unwrap();
    let script_src = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .expect("script-src");
    assert!(
        !script_src.contains("unsafe-inline"),
        "scripts must not allow inline: {csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(csp.contains("https://www.youtube-nocookie.com"), "{csp}");
    assert_eq!(h.get("x-content-type-options").unwrap(), "nosniff");
    assert_eq!(
        h.get("referrer-policy").unwrap(),
        "strict-origin-when-cross-origin"
    );
    assert!(h.get("permissions-policy").is_some());
}

async fn get(server: &Server, path: &str) -> Response {
    client()
        .get(server.url(path))
        .send()
        .await
        .expect("request")
}

#[tokio::test]
async fn home_is_prerendered_html_with_the_tagline() {
    let server = Server::start();
    let response = get(&server, "/").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "text/html; charset=utf-8"
    );
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
    assert_security_headers(&response);
    let html = response.text().await.unwrap();
    assert!(html.contains("Love God. Love People. Change the World."));
    assert!(html.contains("A global ministry bringing Jesus to the marketplace. One family. Many nations. One mission."));
}

#[tokio::test]
async fn every_route_of_the_build_answers_200_with_its_own_title() {
    let server = Server::start();
    let routes: Vec<String> = serde_json::from_str(
        &std::fs::read_to_string(manifest_dir().join("frontend/dist/routes.json")).unwrap(),
    )
    .unwrap();
    assert!(
        routes.len() >= 25,
        "expected every route of the site, got {routes:?}"
    );
    let mut titles = std::collections::HashSet::new();
    for route in &routes {
        let response = get(&server, route).await;
        assert_eq!(response.status(), StatusCode::OK, "{route}");
        let html = response.text().await.unwrap();
        let title = html
            .split("<title>")
            .nth(1)
            .and_then(|t| t.split("</title>").next())
            .expect("title")
            .to_string();
        assert!(
            titles.insert(title.clone()),
            "{route} repeats the title {title}"
        );
    }
    let about = get(&server, "/about").await.text().await.unwrap();
    assert!(about.contains("<h1") && about.contains("About The Well</h1>"));
}

#[tokio::test]
async fn unknown_paths_get_the_404_page_and_missing_assets_a_plain_404() {
    let server = Server::start();
    let response = get(&server, "/no-such-page").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_security_headers(&response);
    let html = response.text().await.unwrap();
    assert!(html.contains("Page Not Found"));
    // A sentence for visitors, and links on.
    assert!(
        html.contains("We couldn&#39;t find that page.")
            || html.contains("We couldn't find that page.")
    );
    assert!(!html.contains("forget to add the page"));
    for href in ["/new-here", "/bible-study", "/contact"] {
        assert!(html.contains(&format!("href=\"{href}\"")), "{href}");
    }

    let response = get(&server, "/assets/missing-1234.js").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_security_headers(&response);
    assert!(!response.text().await.unwrap().contains("<html"));
}

async fn first_script(server: &Server) -> String {
    let html = get(server, "/").await.text().await.unwrap();
    // The page names its scripts in its `page-code` JSON, loaded after the first paint.
    let start = html
        .find("\"entry\":\"/assets/")
        .expect("the page's entry script")
        + 9;
    html[start..].split('"').next().unwrap().to_string()
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_compressed_on_request() {
    let server = Server::start();
    let script = first_script(&server).await;
    let plain = get(&server, &script).await;
    assert_eq!(plain.status(), StatusCode::OK);
    assert_eq!(
        plain.headers()[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
    let plain_len = plain.bytes().await.unwrap().len();

    for (accept, expected) in [
        ("br", "br"),
        ("gzip, deflate", "gzip"),
        ("gzip, br;q=0", "gzip"),
    ] {
        let response = client()
            .get(server.url(&script))
            .header(header::ACCEPT_ENCODING, accept)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.headers()[header::CONTENT_ENCODING],
            expected,
            "Accept-Encoding: {accept}"
        );
        assert_eq!(response.headers()[header::VARY], "Accept-Encoding");
        assert_security_headers(&response);
        assert!(response.bytes().await.unwrap().len() < plain_len);
    }
}

#[tokio::test]
async fn the_service_worker_the_manifest_and_the_offline_page_are_served() {
    let server = Server::start();
    let worker = get(&server, "/sw.js").await;
    assert_eq!(worker.status(), StatusCode::OK);
    assert_eq!(
        worker.headers()[header::CONTENT_TYPE],
        "text/javascript; charset=utf-8"
    );
    // Revalidated on each check, so that a new release's worker is found at once.
    assert_eq!(worker.headers()[header::CACHE_CONTROL], "no-cache");
    let script = worker.text().await.unwrap();
    let first = first_script(&server).await;
    assert!(
        script.contains(&first),
        "the worker lists this release's assets: {first}"
    );
    assert!(script.contains("/offline.html"));

    let manifest = get(&server, "/manifest.webmanifest").await;
    assert_eq!(manifest.status(), StatusCode::OK);
    assert_eq!(
        manifest.headers()[header::CONTENT_TYPE],
        "application/manifest+json"
    );
    let manifest: serde_json::Value = manifest.json().await.unwrap();
    assert_eq!(manifest["name"], "The Well");
    assert_eq!(manifest["start_url"], "/");
    assert_eq!(manifest["display"], "standalone");
    let icons = manifest["icons"].as_array().unwrap();
    assert!(
        icons
            .iter()
            .any(|i| i["purpose"] == "maskable" && i["sizes"] == "512x512")
    );
    for icon in icons {
        let src = icon["src"].as_str().unwrap();
        let response = get(&server, src).await;
        assert_eq!(response.status(), StatusCode::OK, "{src}");
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            icon["type"].as_str().unwrap(),
            "{src}"
        );
    }
    let home = get(&server, "/").await.text().await.unwrap();
    assert!(home.contains(r#"<link rel="manifest" href="/manifest.webmanifest" />"#));

    let offline = get(&server, "/offline.html").await;
    assert_eq!(offline.status(), StatusCode::OK);
    let offline = offline.text().await.unwrap();
    assert!(offline.contains(r#"<div id="app" data-page="/offline">"#));
    assert!(offline.contains(r#"<meta name="robots" content="noindex" />"#));
    assert!(offline.contains("You&#39;re offline") || offline.contains("You're offline"));
    assert!(offline.contains("contact@thewell.example"));
}

#[tokio::test]
async fn etags_are_quoted_and_if_none_match_gives_304() {
    let server = Server::start();
    for path in ["/", "/about"] {
        let response = get(&server, path).await;
        let etag = response.headers()[header::ETAG]
            .to_str()
            .unwrap()
            .to_string();
        assert!(etag.starts_with('"') && etag.ends_with('"'), "{etag}");
        let again = client()
            .get(server.url(path))
            .header(header::IF_NONE_MATCH, &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_security_headers(&again);
        assert!(again.bytes().await.unwrap().is_empty());
        let other = client()
            .get(server.url(path))
            .header(header::IF_NONE_MATCH, "\"stale\"")
            .send()
            .await
            .unwrap();
        assert_eq!(other.status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn head_answers_headers_without_a_body() {
    let server = Server::start();
    let full = get(&server, "/").await.bytes().await.unwrap().len();
    let response = client().head(server.url("/")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_security_headers(&response);
    assert_eq!(
        response.headers()[header::CONTENT_LENGTH].to_str().unwrap(),
        full.to_string()
    );
    assert!(response.bytes().await.unwrap().is_empty());
}

#[tokio::test]
async fn other_methods_trailing_slashes_and_the_health_check() {
    let server = Server::start();
    let post = client().post(server.url("/about")).send().await.unwrap();
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_security_headers(&post);

    let slash = get(&server, "/about/").await;
    assert_eq!(slash.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(slash.headers()[header::LOCATION], "/about");

    let health = get(&server, "/healthz").await;
    assert_eq!(health.status(), StatusCode::OK);
    assert_security_headers(&health);
}

#[tokio::test]
async fn requests_are_logged_except_the_health_check() {
    let mut server = Server::start();
    get(&server, "/about").await;
    get(&server, "/healthz").await;
    assert!(server.terminate(Duration::from_secs(10)).is_some());
    let log = server.stderr();
    assert!(log.contains("path=/about"), "{log}");
    assert!(!log.contains("/healthz"), "{log}");
}

#[tokio::test]
async fn data_directory_is_created_private() {
    let server = Server::start();
    let mode = std::fs::metadata(server.data_dir())
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o700);
}

#[test]
fn sigterm_stops_the_server_with_exit_code_0_within_10_seconds() {
    let mut server = Server::start();
    let started = Instant::now();
    let status = server
        .terminate(Duration::from_secs(10))
        .expect("still running 10 s after SIGTERM");
    assert!(status.success(), "{status}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[tokio::test]
async fn a_request_in_flight_finishes_after_sigterm() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut server = Server::start();
    let addr = server.base.trim_start_matches("http://").to_string();
    // Send half a request, stop the server, then finish the request.
    let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    stream
        .write_all(b"GET /about HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let pid = server.child.id().to_string();
    std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    stream
        .write_all(b"Connection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("About The Well"));
    let status = server
        .terminate(Duration::from_secs(10))
        .expect("exits after the request");
    assert!(status.success());
}
