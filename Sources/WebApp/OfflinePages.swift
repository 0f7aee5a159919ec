import Foundation

/// What the service worker shows for a page it has not kept while there is no connection.
public enum OfflinePages {
    public static func fallback() -> HTML {
        Layout.page(
            PageFrame(title: "Offline"),
            """
            <h1>You are offline</h1>
            <p>This page was not opened on this device before, so it is not kept for offline use.</p>
            <p>The lists and carts you opened recently still open, and what you change in them is sent when the connection is back.</p>
            <p><a href="/">Try again</a></p>
            """
        )
    }
}
